package ledger_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// state is everything a refused request must leave as it was: every
// account's balance and held amount, and every row of operations,
// transfers, entries and holds (with the holds' states), read straight from
// the database.
func (e *env) state() string {
	e.t.Helper()
	out := ""
	for _, q := range []string{
		"SELECT id, kind, owner_id, partner_id, currency, balance, held FROM accounts ORDER BY id",
		"SELECT id, scope, idem_key FROM operations ORDER BY id",
		"SELECT id, operation_id, debit_account_id, credit_account_id, amount FROM transfers ORDER BY id",
		"SELECT transfer_id, account_id, amount FROM entries ORDER BY transfer_id, account_id",
		"SELECT id, debit_account_id, amount, state FROM holds ORDER BY id",
	} {
		rows, err := e.s.DB().QueryContext(e.ctx, q)
		if err != nil {
			e.t.Fatalf("state: %s: %v", q, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				e.t.Fatal(err)
			}
			out += fmt.Sprintln(vals...)
		}
		rows.Close()
		out += "--\n"
	}
	return out
}

// testRefusalChangesNothing is issue 11 ("a refused request changes
// nothing, everywhere"): every mutating call of the ledger, refused for each
// of its reasons, leaves balances, holds, operations, transfers and entries
// exactly as they were, on both stores.
func testRefusalChangesNothing(t *testing.T, e *env) {
	alice := e.player("alice", 1_000)
	bob := e.player("bob", 0)
	cageB := e.open(ledger.KindExternal, "pb", "pb", "EUR")
	carol := e.open(ledger.KindPlayer, "carol", "pb", "EUR")
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	usd := e.open(ledger.KindTableEscrow, "t2", "", "USD")
	rev := e.open(ledger.KindHouseRevenue, "", "", "EUR")
	pending := e.hold(alice, esc, 300, time.Minute)
	voided := e.hold(alice, esc, 100, time.Minute)
	if _, _, err := e.l.VoidHold(e.ctx, e.in, voided.ID); err != nil {
		t.Fatal(err)
	}
	expiring := e.hold(alice, esc, 50, time.Second)
	// A used key, to be reused with another body.
	if _, err := e.l.Transfer(e.ctx, e.in, "used", ledger.Leg{Debit: alice.ID, Credit: esc.ID, Amount: 10, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t1"}}); err != nil {
		t.Fatal(err)
	}
	e.move(esc, rev, 1, ledger.TransferRake, ledger.Metadata{TableID: "t1", HandID: "h1"})
	pa, pb, player := ledger.Partner("pa"), ledger.Partner("pb"), ledger.Player("pa", "alice")
	leg := func(from, to ledger.Account, amount int64, kind ledger.TransferKind) ledger.Leg {
		return ledger.Leg{Debit: from.ID, Credit: to.ID, Amount: amount, Currency: from.Currency, Kind: kind, Meta: ledger.Metadata{TableID: to.OwnerID}}
	}
	cases := []struct {
		name   string
		call   func() error
		reason string
	}{
		{"OpenAccount: a partner opens another partner's player", func() error {
			_, err := e.l.OpenAccount(e.ctx, pa, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "dave", PartnerID: "pb", Currency: "EUR"})
			return err
		}, ledger.ReasonOperationDenied},
		{"OpenAccount: a partner opens an escrow", func() error {
			_, err := e.l.OpenAccount(e.ctx, pa, ledger.Account{Kind: ledger.KindTableEscrow, OwnerID: "t9", Currency: "EUR"})
			return err
		}, ledger.ReasonOperationDenied},
		{"OpenAccount: a player opens an account", func() error {
			_, err := e.l.OpenAccount(e.ctx, player, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "alice", PartnerID: "pa", Currency: "GBP"})
			return err
		}, ledger.ReasonOperationDenied},
		{"OpenAccount: bad currency", func() error {
			_, err := e.l.OpenAccount(e.ctx, e.in, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "eve", PartnerID: "pa", Currency: "euro"})
			return err
		}, "INVALID_CURRENCY"},
		{"Transfer: overdraft (held funds count)", func() error {
			_, err := e.l.Transfer(e.ctx, e.in, e.key(), leg(alice, esc, 700, ledger.TransferBuyIn))
			return err
		}, ledger.ReasonInsufficientFunds},
		{"Transfer: key reused with another body", func() error {
			_, err := e.l.Transfer(e.ctx, e.in, "used", leg(alice, esc, 11, ledger.TransferBuyIn))
			return err
		}, ledger.ReasonKeyReused},
		{"Transfer: currency mismatch", func() error {
			_, err := e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: alice.ID, Credit: usd.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t2"}})
			return err
		}, ledger.ReasonCurrencyMismatch},
		{"Transfer: unknown account", func() error {
			_, err := e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: alice.ID, Credit: 999_999, Amount: 1, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t1"}})
			return err
		}, ledger.ReasonAccountNotFound},
		{"Transfer: another partner withdraws my player", func() error {
			_, err := e.l.Transfer(e.ctx, pb, e.key(), leg(alice, cageB, 1, ledger.TransferWithdrawal))
			return err
		}, ledger.ReasonAccountNotFound},
		{"Transfer: a partner pays into an escrow", func() error {
			_, err := e.l.Transfer(e.ctx, pa, e.key(), leg(alice, esc, 1, ledger.TransferBuyIn))
			return err
		}, ledger.ReasonAccountNotFound},
		{"Transfer: a player moves money", func() error {
			_, err := e.l.Transfer(e.ctx, player, e.key(), leg(alice, e.cage, 1, ledger.TransferWithdrawal))
			return err
		}, ledger.ReasonOperationDenied},
		{"Transfer: rake of a hand already raked", func() error {
			_, err := e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: esc.ID, Credit: rev.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: "h1"}})
			return err
		}, ledger.ReasonRakePosted},
		{"Batch: the last leg overdraws (the first would succeed)", func() error {
			_, err := e.l.Batch(e.ctx, e.in, e.key(), []ledger.Leg{leg(e.cage, bob, 500, ledger.TransferDeposit), leg(bob, esc, 600, ledger.TransferBuyIn)})
			return err
		}, ledger.ReasonInsufficientFunds},
		{"Batch: from a partner", func() error {
			_, err := e.l.Batch(e.ctx, pa, e.key(), []ledger.Leg{leg(e.cage, bob, 1, ledger.TransferDeposit)})
			return err
		}, ledger.ReasonOperationDenied},
		{"Batch: a leg to another partner's player", func() error {
			_, err := e.l.Batch(e.ctx, e.in, e.key(), []ledger.Leg{leg(e.cage, bob, 1, ledger.TransferDeposit), leg(carol, esc, 1, ledger.TransferBuyIn)})
			return err
		}, ledger.ReasonInsufficientFunds},
		{"CreateHold: beyond the available funds", func() error {
			_, err := e.l.CreateHold(e.ctx, e.in, e.key(), leg(alice, esc, 1_000, ledger.TransferBuyIn), time.Minute)
			return err
		}, ledger.ReasonInsufficientFunds},
		{"CreateHold: from a partner", func() error {
			_, err := e.l.CreateHold(e.ctx, pa, e.key(), leg(alice, esc, 1, ledger.TransferBuyIn), time.Minute)
			return err
		}, ledger.ReasonOperationDenied},
		{"CreateHold: bad ttl", func() error {
			_, err := e.l.CreateHold(e.ctx, e.in, e.key(), leg(alice, esc, 1, ledger.TransferBuyIn), 0)
			return err
		}, "INVALID_TTL"},
		{"PostHold: more than the hold", func() error {
			_, _, _, err := e.l.PostHold(e.ctx, e.in, pending.ID, 301)
			return err
		}, "AMOUNT_EXCEEDS_HOLD"},
		{"PostHold: a voided hold", func() error {
			_, _, _, err := e.l.PostHold(e.ctx, e.in, voided.ID, 0)
			return err
		}, ledger.ReasonHoldNotPending},
		{"PostHold: an unknown hold", func() error {
			_, _, _, err := e.l.PostHold(e.ctx, e.in, 999_999, 0)
			return err
		}, ledger.ReasonHoldNotFound},
		{"PostHold: from a partner", func() error {
			_, _, _, err := e.l.PostHold(e.ctx, pa, pending.ID, 0)
			return err
		}, ledger.ReasonOperationDenied},
		{"VoidHold: from a partner", func() error {
			_, _, err := e.l.VoidHold(e.ctx, pa, pending.ID)
			return err
		}, ledger.ReasonOperationDenied},
		{"VoidHold: an unknown hold", func() error {
			_, _, err := e.l.VoidHold(e.ctx, e.in, 999_999)
			return err
		}, ledger.ReasonHoldNotFound},
		{"ExpireHolds: from a player (a hold is due)", func() error {
			_, err := e.l.ExpireHolds(e.ctx, player, 0)
			return err
		}, ledger.ReasonOperationDenied},
	}
	e.clock.Advance(2 * time.Second) // expiring is due: only ExpireHolds by a player is tried
	_ = expiring
	for _, tc := range cases {
		before := e.state()
		err := tc.call()
		if err == nil || apierr.Reason(err) != tc.reason {
			t.Errorf("%s: got %v (reason %q), want %s", tc.name, err, apierr.Reason(err), tc.reason)
			continue
		}
		if after := e.state(); after != before {
			t.Errorf("%s: the refusal changed the ledger:\nbefore\n%s\nafter\n%s", tc.name, before, after)
		}
	}
	e.reconciled()
}
