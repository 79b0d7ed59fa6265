package api_test

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/auth"
)

// Every public request is fuzzed through the handler (the interceptor's role
// check aside) over a real SQLite ledger. Whatever the input, the handler
// answers with a result or a client error with a reason: never a panic,
// never INTERNAL, and the ledger stays balanced.

type fuzzWorld struct {
	h                      *api.Handler
	l                      *ledger.Ledger
	cage, p1, p2, esc, rev ledger.Account
}

func newFuzzWorld(f *testing.F) *fuzzWorld {
	l := newLedger(f)
	ctx := context.Background()
	in := ledger.Internal()
	w := &fuzzWorld{h: api.New(l), l: l}
	open := func(kind ledger.Kind, owner, partner string) ledger.Account {
		a, err := l.OpenAccount(ctx, in, ledger.Account{Kind: kind, OwnerID: owner, PartnerID: partner, Currency: "EUR"})
		if err != nil {
			f.Fatal(err)
		}
		return a
	}
	w.cage, w.p1, w.p2 = open(ledger.KindExternal, "pa", "pa"), open(ledger.KindPlayer, "p1", "pa"), open(ledger.KindPlayer, "p2", "pa")
	w.esc, w.rev = open(ledger.KindTableEscrow, "t1", ""), open(ledger.KindHouseRevenue, "", "")
	if _, err := l.Transfer(ctx, in, "seed", ledger.Leg{Debit: w.cage.ID, Credit: w.p1.ID, Amount: 1_000_000, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
		f.Fatal(err)
	}
	return w
}

// as returns a context for one of the four kinds of caller.
func as(role uint8) context.Context {
	ps := []auth.Principal{
		{Role: auth.RoleService, Subject: "table"},
		{Role: auth.RolePartner, PartnerID: "pa", Subject: "pa"},
		{Role: auth.RolePlayer, PartnerID: "pa", PlayerID: "p1"},
		{Role: auth.RoleOperator, Subject: "ops"},
	}
	return auth.WithPrincipal(context.Background(), ps[int(role)%len(ps)])
}

func (w *fuzzWorld) check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		switch connect.CodeOf(err) {
		case connect.CodeInvalidArgument, connect.CodeNotFound, connect.CodeFailedPrecondition,
			connect.CodeAlreadyExists, connect.CodePermissionDenied:
		default:
			t.Fatalf("unexpected error class: %v", err)
		}
	}
	r, rerr := w.l.Reconcile(context.Background(), ledger.Internal(), "")
	if rerr != nil || !r.OK() {
		t.Fatalf("ledger unbalanced after a fuzzed request: %+v %v", r, rerr)
	}
}

func id(n int64) string { return api.IDString(n) }

func FuzzTransferRequest(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), "k1", id(w.p1.ID), id(w.esc.ID), int64(100), "EUR", int32(3), "t1", "", "", "", "")
	f.Add(uint8(1), "k2", id(w.cage.ID), id(w.p1.ID), int64(5), "EUR", int32(1), "", "", "", "", "note")
	f.Add(uint8(0), "k3", id(w.esc.ID), id(w.rev.ID), int64(1), "EUR", int32(5), "t1", "h1", "", "", "")
	f.Add(uint8(0), "", "x", "-1", int64(-5), "eur", int32(99), "bad id", "", "", "", "\xff")
	f.Add(uint8(2), "k4", id(w.p1.ID), id(w.p2.ID), int64(1<<62), "EUR", int32(12), "", "", "", "", "")
	f.Fuzz(func(t *testing.T, role uint8, key, debit, credit string, amount int64, currency string, kind int32, table, hand, round, tour, note string) {
		req := &walletv1.TransferRequest{IdempotencyKey: key, Transfer: &walletv1.TransferSpec{
			DebitAccountId: debit, CreditAccountId: credit, Amount: &commonv1.Money{Amount: amount, Currency: currency},
			Kind: walletv1.TransferKind(kind), Metadata: &walletv1.Metadata{TableId: table, HandId: hand, RoundId: round, TournamentId: tour, Note: note},
		}}
		resp, err := w.h.Transfer(as(role), connect.NewRequest(req))
		w.check(t, err)
		if err == nil {
			tr := resp.Msg.Transfer
			if tr.Amount.Amount != amount || amount <= 0 || tr.DebitAccountId != debit || tr.CreditAccountId != credit || tr.IdempotencyKey != key {
				t.Fatalf("applied transfer %v differs from the request %v", tr, req)
			}
		}
	})
}

func FuzzTransferBatchRequest(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), "b1", id(w.p1.ID), id(w.esc.ID), int64(10), id(w.esc.ID), id(w.rev.ID), int64(1), int32(5), uint8(2))
	f.Add(uint8(1), "b2", id(w.cage.ID), id(w.p1.ID), int64(10), "", "", int64(0), int32(0), uint8(0))
	f.Add(uint8(0), "b3", id(w.esc.ID), id(w.p1.ID), int64(10), id(w.p1.ID), id(w.p2.ID), int64(5), int32(12), uint8(150))
	f.Fuzz(func(t *testing.T, role uint8, key, d1, c1 string, a1 int64, d2, c2 string, a2 int64, kind2 int32, n uint8) {
		var specs []*walletv1.TransferSpec
		for i := range int(n % 130) {
			s := &walletv1.TransferSpec{DebitAccountId: d1, CreditAccountId: c1, Amount: &commonv1.Money{Amount: a1, Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_BUY_IN, Metadata: &walletv1.Metadata{TableId: "t1"}}
			if i%2 == 1 {
				s = &walletv1.TransferSpec{DebitAccountId: d2, CreditAccountId: c2, Amount: &commonv1.Money{Amount: a2, Currency: "EUR"}, Kind: walletv1.TransferKind(kind2), Metadata: &walletv1.Metadata{TableId: "t1", HandId: "h"}}
			}
			specs = append(specs, s)
		}
		resp, err := w.h.TransferBatch(as(role), connect.NewRequest(&walletv1.TransferBatchRequest{IdempotencyKey: key, Transfers: specs}))
		w.check(t, err)
		if err == nil && len(resp.Msg.Transfers) != len(specs) {
			t.Fatalf("%d transfers applied for %d legs", len(resp.Msg.Transfers), len(specs))
		}
	})
}

func FuzzOpenAccountRequest(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), int32(1), "p9", "pa", "EUR")
	f.Add(uint8(1), int32(7), "", "", "EUR")
	f.Add(uint8(1), int32(2), "t5", "", "EUR")
	f.Add(uint8(0), int32(9), "x y", "pa", "€")
	f.Fuzz(func(t *testing.T, role uint8, kind int32, owner, partner, currency string) {
		resp, err := w.h.OpenAccount(as(role), connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind(kind), OwnerId: owner, PartnerId: partner, Currency: currency}))
		w.check(t, err)
		if err == nil && (resp.Msg.Account.Currency != currency || resp.Msg.Account.Kind != walletv1.AccountKind(kind) || (kind <= 4 && resp.Msg.Account.Available < 0)) {
			t.Fatalf("opened %v for %d/%s/%s/%s", resp.Msg.Account, kind, owner, partner, currency)
		}
	})
}

func FuzzHoldRequests(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), "h1", id(w.p1.ID), id(w.esc.ID), int64(100), int32(60), int64(0), false)
	f.Add(uint8(0), "h2", id(w.p1.ID), id(w.esc.ID), int64(100), int32(60), int64(40), false)
	f.Add(uint8(0), "h3", id(w.p1.ID), id(w.esc.ID), int64(100), int32(60), int64(0), true)
	f.Add(uint8(1), "h4", id(w.p1.ID), id(w.esc.ID), int64(100), int32(0), int64(-1), false)
	f.Add(uint8(0), "h5", id(w.p1.ID), id(w.esc.ID), int64(100), int32(86401), int64(101), false)
	f.Fuzz(func(t *testing.T, role uint8, key, debit, credit string, amount int64, ttl int32, post int64, void bool) {
		ctx := as(role)
		resp, err := w.h.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: key, TtlSeconds: ttl,
			Transfer: &walletv1.TransferSpec{DebitAccountId: debit, CreditAccountId: credit, Amount: &commonv1.Money{Amount: amount, Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_BUY_IN}}))
		w.check(t, err)
		holdID := "1"
		if err == nil {
			holdID = resp.Msg.Hold.Id
		}
		if void {
			_, err = w.h.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: holdID}))
		} else {
			_, err = w.h.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: holdID, Amount: post}))
		}
		w.check(t, err)
		_, err = w.h.GetHold(ctx, connect.NewRequest(&walletv1.GetHoldRequest{HoldId: holdID}))
		w.check(t, err)
		_, err = w.h.ExpireHolds(ctx, connect.NewRequest(&walletv1.ExpireHoldsRequest{Limit: ttl}))
		w.check(t, err)
	})
}

// FuzzPostHoldsRequest: a PostHolds request of fresh holds, known and
// unknown ids, malformed ids, repeats and any count or amounts, from any
// caller. Refused whole, or one result per hold in request order: posted
// as asked, or refused with a client code and a reason.
func FuzzPostHoldsRequest(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), uint16(3), int64(0), int64(40), "", uint8(0))
	f.Add(uint8(0), uint16(5), int64(101), int64(0), "999999", uint8(1))
	f.Add(uint8(3), uint16(2), int64(-1), int64(1<<62), "x", uint8(2))
	f.Add(uint8(0), uint16(4), int64(1), int64(0), "+007", uint8(1))
	f.Add(uint8(1), uint16(1), int64(0), int64(0), "", uint8(3))
	f.Add(uint8(0), uint16(1001), int64(0), int64(0), "0", uint8(4))
	f.Add(uint8(0), uint16(0), int64(0), int64(0), "", uint8(0))
	var seq atomic.Int64
	f.Fuzz(func(t *testing.T, role uint8, n uint16, a1, a2 int64, odd string, shape uint8) {
		ctx := as(0)
		// Enough for this run's holds, whatever earlier runs posted or left pending.
		if _, err := w.l.Transfer(context.Background(), ledger.Internal(), fmt.Sprintf("ph-fund-%d", seq.Add(1)),
			ledger.Leg{Debit: w.cage.ID, Credit: w.p1.ID, Amount: 303, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
			t.Fatal(err)
		}
		var fresh []*walletv1.Hold
		for i := range 3 {
			r, err := w.h.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: fmt.Sprintf("ph-%d", seq.Add(1)), TtlSeconds: 60,
				Transfer: &walletv1.TransferSpec{DebitAccountId: id(w.p1.ID), CreditAccountId: id(w.esc.ID), Amount: &commonv1.Money{Amount: int64(100 + i), Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_BUY_IN}}))
			if err != nil {
				t.Fatal(err)
			}
			fresh = append(fresh, r.Msg.Hold)
		}
		var req walletv1.PostHoldsRequest
		for i := range int(n % 1003) {
			p := &walletv1.HoldPost{HoldId: fresh[i%3].Id, Amount: a1}
			switch {
			case i >= 3 && shape%4 == 1:
				p.HoldId = odd // unknown or malformed ids after the three
			case i >= 3 && shape%4 == 2:
				p.HoldId = id(int64(i) * 7) // whatever holds exist, or none
			case i >= 3 && shape%4 == 3:
				continue // each fresh hold once
			}
			if i%2 == 1 {
				p.Amount = a2
			}
			req.Holds = append(req.Holds, p)
		}
		resp, err := w.h.PostHolds(as(role), connect.NewRequest(&req))
		w.check(t, err)
		if err != nil {
			return
		}
		if len(resp.Msg.Results) != len(req.Holds) {
			t.Fatalf("%d results for %d holds", len(resp.Msg.Results), len(req.Holds))
		}
		for i, r := range resp.Msg.Results {
			p := req.Holds[i]
			if e := r.Error; e != nil {
				if e.Reason == "" || r.Hold != nil || r.Transfer != nil || (e.Code != "not_found" && e.Code != "failed_precondition" && e.Code != "invalid_argument" && e.Code != "already_exists") {
					t.Fatalf("result %d: %v", i, r)
				}
				continue
			}
			want := p.Amount
			if want == 0 {
				want = r.Hold.GetAmount().GetAmount()
			}
			hid, _ := strconv.ParseInt(p.HoldId, 10, 64) // accepted, so it parses: as "+7" or "007", it is hold "7"
			if r.HoldId != id(hid) || r.Hold.Id != id(hid) || r.Hold.State != walletv1.HoldState_HOLD_STATE_POSTED || r.Hold.PostedAmount != want ||
				r.Transfer.Amount.Amount != want || r.Transfer.HoldId != id(hid) || r.Transfer.Id != r.Hold.TransferId {
				t.Fatalf("result %d for %v: %v", i, p, r)
			}
		}
	})
}

func FuzzReadRequests(f *testing.F) {
	w := newFuzzWorld(f)
	tok := ledger.PageToken(w.p1.ID, 1)
	f.Add(uint8(0), id(w.p1.ID), int32(1), int64(0), int64(0), int32(10), tok, "seed", "pa", "p1", int32(1), "EUR")
	f.Add(uint8(2), id(w.p1.ID), int32(0), int64(1_900_000_000), int64(1_800_000_000), int32(-1), "!!", "", "", "", int32(9), "EURO")
	f.Add(uint8(1), "0", int32(77), int64(-1<<62), int64(1<<62), int32(1001), "ZTEuMS4x", "x", "pb", "", int32(0), "")
	f.Fuzz(func(t *testing.T, role uint8, account string, kind int32, from, to int64, size int32, token, key, partner, owner string, akind int32, currency string) {
		ctx := as(role)
		req := &walletv1.ListEntriesRequest{AccountId: account, PageSize: size, PageToken: token, Kinds: []walletv1.TransferKind{walletv1.TransferKind(kind)}}
		if from != 0 {
			req.From = &timestamppb.Timestamp{Seconds: from}
		}
		if to != 0 {
			req.To = &timestamppb.Timestamp{Seconds: to}
		}
		resp, err := w.h.ListEntries(ctx, connect.NewRequest(req))
		w.check(t, err)
		if err == nil && size > 0 && len(resp.Msg.Entries) > int(size) {
			t.Fatalf("%d entries for page size %d", len(resp.Msg.Entries), size)
		}
		_, err = w.h.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: account}))
		w.check(t, err)
		_, err = w.h.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{OwnerId: owner, PartnerId: partner, Kind: walletv1.AccountKind(akind), Currency: currency}))
		w.check(t, err)
		_, err = w.h.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{Lookup: &walletv1.GetTransferRequest_TransferId{TransferId: account}}))
		w.check(t, err)
		_, err = w.h.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{PartnerId: partner, Lookup: &walletv1.GetTransferRequest_IdempotencyKey{IdempotencyKey: key}}))
		w.check(t, err)
		_, err = w.h.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{}))
		w.check(t, err)
	})
}

func FuzzReportRequests(f *testing.F) {
	w := newFuzzWorld(f)
	f.Add(uint8(0), "EUR", "t1", int32(5), int64(0), int64(0), int64(100), int32(2))
	f.Add(uint8(3), "EUR", "", int32(9), int64(1_800_000_000), int64(1_900_000_000), int64(0), int32(3))
	f.Add(uint8(1), "eur", "bad table", int32(-3), int64(5), int64(4), int64(-1), int32(8))
	f.Fuzz(func(t *testing.T, role uint8, currency, table string, kind int32, from, to, expected int64, escrowKind int32) {
		ctx := as(role)
		req := &walletv1.RakeReportRequest{Currency: currency, TableId: table, Kinds: []walletv1.TransferKind{walletv1.TransferKind(kind)}}
		if from != 0 {
			req.From = &timestamppb.Timestamp{Seconds: from}
		}
		if to != 0 {
			req.To = &timestamppb.Timestamp{Seconds: to}
		}
		resp, err := w.h.RakeReport(ctx, connect.NewRequest(req))
		w.check(t, err)
		if err == nil {
			sum := int64(0)
			for _, r := range resp.Msg.Rows {
				sum += r.Amount
			}
			if sum != resp.Msg.Total {
				t.Fatalf("rows sum to %d, total %d", sum, resp.Msg.Total)
			}
		}
		ce, err := w.h.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{TableId: table, Currency: currency, ExpectedAmount: expected, Kind: walletv1.AccountKind(escrowKind)}))
		w.check(t, err)
		if err == nil && ce.Msg.Matches != (ce.Msg.Balance == expected) {
			t.Fatalf("escrow check %v", ce.Msg)
		}
		_, err = w.h.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{Currency: currency}))
		w.check(t, err)
	})
}

func FuzzPageToken(f *testing.F) {
	f.Add(int64(1), int64(2), "")
	f.Add(int64(9), int64(1<<40), ledger.PageToken(9, 1<<40))
	f.Add(int64(3), int64(0), "ZTEuMy4w")
	f.Fuzz(func(t *testing.T, account, last int64, tok string) {
		if last > 0 {
			got, err := ledger.ParsePageToken(ledger.PageToken(account, last), account)
			if err != nil || got != last {
				t.Fatalf("round trip of (%d, %d): %d %v", account, last, got, err)
			}
		}
		got, err := ledger.ParsePageToken(tok, account)
		if err == nil && tok != "" && (got <= 0 || ledger.PageToken(account, got) == "") {
			t.Fatalf("accepted %q as %d", tok, got)
		}
	})
}
