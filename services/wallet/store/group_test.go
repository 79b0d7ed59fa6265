//go:build integration

package store

import (
	"context"
	"testing"
	"time"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// TestGroupCommitItemsFailAlone drives one group through the combiner's
// flush directly: each item gets the answer it would get alone, duplicates
// inside the group share the first one's fate, and a failed item leaves
// nothing behind (its key stays free).
func TestGroupCommitItemsFailAlone(t *testing.T) {
	ctx := context.Background()
	s, err := OpenPostgres(ctx, dbtest.Postgres(t), Options{MaxConns: 4, GroupCommitters: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	open := func(kind ledger.Kind, owner, partner, cur string) ledger.Account {
		a, err := s.OpenAccount(ctx, ledger.Account{Kind: kind, OwnerID: owner, PartnerID: partner, Currency: cur, CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	cage := open(ledger.KindExternal, "pa", "pa", "EUR")
	p1, p2 := open(ledger.KindPlayer, "p1", "pa", "EUR"), open(ledger.KindPlayer, "p2", "pa", "EUR")
	czk := open(ledger.KindPlayer, "p3", "pa", "CZK")
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	op := func(key string, debit, credit, amount int64) ledger.Operation {
		o := ledger.Operation{Key: key, Kind: ledger.OpTransfer, Now: now,
			Legs: []ledger.Leg{{Debit: debit, Credit: credit, Amount: amount, Currency: "EUR", Kind: ledger.TransferAdjustment}}}
		o.Hash = []byte(key + string(rune(amount)))
		return o
	}
	c := &combiner{s: s, max: 64}
	ops := []ledger.Operation{
		op("a", cage.ID, p1.ID, 100), // applied
		op("b", p2.ID, p1.ID, 1),     // p2 is empty: insufficient
		op("a", cage.ID, p1.ID, 100), // duplicate of a: replay
		op("b", p2.ID, p1.ID, 1),     // duplicate of b: insufficient too
		op("c", p1.ID, p2.ID, 60),    // spends what a credited
		op("d", p1.ID, 999_999, 1),   // no such account
		op("e", p1.ID, czk.ID, 1),    // other currency
		op("f", p1.ID, p2.ID, 41),    // only 40 left: insufficient
		op("g", cage.ID, p2.ID, 7),   // applied
	}
	reused := op("a", cage.ID, p1.ID, 101) // same key, other body
	ops = append(ops, reused)
	var group []*pending
	for _, o := range ops {
		group = append(group, &pending{ctx: ctx, op: o, out: make(chan groupAnswer, 1)})
	}
	c.flush(group)
	want := []struct {
		status int16
		acct   int64
	}{{0, 0}, {3, p2.ID}, {1, 0}, {3, p2.ID}, {0, 0}, {4, 999_999}, {5, czk.ID}, {3, p1.ID}, {0, 0}, {2, 0}}
	for i, p := range group {
		a := <-p.out
		if a.err != nil || a.status != want[i].status || a.acct != want[i].acct {
			t.Errorf("item %d (%s): %+v, want status %d account %d", i, ops[i].Key, a, want[i].status, want[i].acct)
		}
	}
	bal := func(id int64) int64 {
		a, err := s.Account(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return a.Balance
	}
	if bal(p1.ID) != 40 || bal(p2.ID) != 67 || bal(cage.ID) != -107 {
		t.Fatalf("balances p1=%d p2=%d cage=%d", bal(p1.ID), bal(p2.ID), bal(cage.ID))
	}
	var keys int
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM operations").Scan(&keys); err != nil || keys != 3 {
		t.Fatalf("%d operation rows (want a, c, g): %v", keys, err)
	}

	// An item that makes the group's statement raise (a second rake for one
	// hand) fails alone: the group falls back to one statement per item.
	esc := open(ledger.KindTableEscrow, "t1", "", "EUR")
	rev := open(ledger.KindHouseRevenue, "", "", "EUR")
	rake := func(key string) ledger.Operation {
		o := op(key, esc.ID, rev.ID, 1)
		o.Legs[0].Kind, o.Legs[0].Meta = ledger.TransferRake, ledger.Metadata{TableID: "t1", HandID: "h1"}
		return o
	}
	group = nil
	for _, o := range []ledger.Operation{op("fund", p1.ID, esc.ID, 10), rake("r1"), rake("r2"), op("h", cage.ID, p2.ID, 3)} {
		group = append(group, &pending{ctx: ctx, op: o, out: make(chan groupAnswer, 1)})
	}
	c.flush(group)
	var answers []groupAnswer
	for _, p := range group {
		answers = append(answers, <-p.out)
	}
	if answers[0].err != nil || answers[0].status != 0 || answers[1].err != nil || answers[1].status != 0 ||
		apierr.Reason(answers[2].err) != ledger.ReasonRakePosted || answers[3].err != nil || answers[3].status != 0 {
		t.Fatalf("group with a double rake: %+v", answers)
	}
	r, err := s.Reconcile(ctx, "")
	if err != nil || !r.OK() {
		t.Fatalf("reconcile: %+v %v", r, err)
	}
}
