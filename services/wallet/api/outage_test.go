//go:build integration

package api_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
)

// proxy forwards TCP connections to the real PostgreSQL. Cut closes its
// listener and every connection through it, so the wallet sees exactly what
// it sees when the database goes away (reset connections, then "connection
// refused"); Restore listens again on the same port. The shared server
// itself is never stopped.
type proxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]struct{}
}

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, target: target, addr: "127.0.0.1:0", conns: map[net.Conn]struct{}{}}
	p.Restore()
	t.Cleanup(p.Cut)
	return p
}

func (p *proxy) Restore() {
	p.t.Helper()
	var ln net.Listener
	var err error
	// The port was just freed by Cut; binding it again can take a moment.
	for i := 0; i < 50; i++ {
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		p.t.Fatalf("proxy: listen on %s: %v", p.addr, err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go p.accept(ln)
}

func (p *proxy) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		if p.ln != ln { // cut meanwhile
			p.mu.Unlock()
			c.Close()
			up.Close()
			return
		}
		p.conns[c], p.conns[up] = struct{}{}, struct{}{}
		p.mu.Unlock()
		go func() { _, _ = io.Copy(up, c); up.Close(); c.Close() }()
		go func() { _, _ = io.Copy(c, up); up.Close(); c.Close() }()
	}
}

func (p *proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

// TestEveryCallAnswersDatabaseUnavailableWhileThePostgresIsDown is issue 11
// ("wallet reads answer 500 INTERNAL while PostgreSQL is down"): with the
// database gone, every read and every write answers UNAVAILABLE
// DATABASE_UNAVAILABLE (reads answered INTERNAL before), nothing changes,
// and every call works again once the database is back.
func TestEveryCallAnswersDatabaseUnavailableWhileThePostgresIsDown(t *testing.T) {
	ctx := context.Background()
	dsn := dbtest.Postgres(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	px := newProxy(t, u.Host)
	u.Host = px.addr
	st, err := store.OpenPostgres(ctx, u.String()+"&connect_timeout=2", store.Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := newServerOn(t, ledger.New(st, ledger.Options{}))

	cage := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, "", "")
	alice := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "alice", "")
	esc := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, "t1", "")
	dep, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "dep", Transfer: spec(cage, alice, 10_000, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)}))
	if err != nil {
		t.Fatal(err)
	}
	hold, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "h1", Transfer: spec(alice, esc, 1_000, walletv1.TransferKind_TRANSFER_KIND_BUY_IN), TtlSeconds: 600}))
	if err != nil {
		t.Fatal(err)
	}
	hold2, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "h2", Transfer: spec(alice, esc, 500, walletv1.TransferKind_TRANSFER_KIND_BUY_IN), TtlSeconds: 600}))
	if err != nil {
		t.Fatal(err)
	}
	hold3, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "h3", Transfer: spec(alice, esc, 200, walletv1.TransferKind_TRANSFER_KIND_BUY_IN), TtlSeconds: 600}))
	if err != nil {
		t.Fatal(err)
	}

	type call struct {
		name string
		do   func() error
	}
	ignore := func(_ any, err error) error { return err }
	player := s.player(t, "pa", "alice")
	n := 0
	key := func() string { n++; return fmt.Sprintf("k%d", n) }
	reads := []call{
		{"GetAccount (player)", func() error {
			return ignore(player.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id})))
		}},
		{"GetAccount (partner)", func() error {
			return ignore(s.partnerA.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id})))
		}},
		{"ListAccounts", func() error {
			return ignore(s.partnerA.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{})))
		}},
		{"ListEntries", func() error {
			return ignore(player.ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: alice.Id})))
		}},
		{"GetTransfer by id", func() error {
			return ignore(s.partnerA.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{Lookup: &walletv1.GetTransferRequest_TransferId{TransferId: dep.Msg.Transfer.Id}})))
		}},
		{"GetTransfer by key", func() error {
			return ignore(s.partnerA.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{Lookup: &walletv1.GetTransferRequest_IdempotencyKey{IdempotencyKey: "dep"}})))
		}},
		{"GetHold", func() error {
			return ignore(s.service.GetHold(ctx, connect.NewRequest(&walletv1.GetHoldRequest{HoldId: hold.Msg.Hold.Id})))
		}},
		{"CheckEscrow", func() error {
			return ignore(s.service.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, TableId: "t1", Currency: "EUR"})))
		}},
		{"RakeReport", func() error {
			return ignore(s.service.RakeReport(ctx, connect.NewRequest(&walletv1.RakeReportRequest{Currency: "EUR"})))
		}},
		{"Reconcile", func() error {
			return ignore(s.service.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{})))
		}},
	}
	writes := []call{
		{"OpenAccount", func() error {
			return ignore(s.partnerA.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "bob", Currency: "EUR"})))
		}},
		{"Transfer", func() error {
			return ignore(s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: key(), Transfer: spec(cage, alice, 7, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)})))
		}},
		{"TransferBatch", func() error {
			return ignore(s.service.TransferBatch(ctx, connect.NewRequest(&walletv1.TransferBatchRequest{IdempotencyKey: key(), Transfers: []*walletv1.TransferSpec{spec(alice, esc, 3, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}})))
		}},
		{"CreateHold", func() error {
			return ignore(s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: key(), Transfer: spec(alice, esc, 5, walletv1.TransferKind_TRANSFER_KIND_BUY_IN), TtlSeconds: 60})))
		}},
		{"PostHold", func() error {
			return ignore(s.service.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: hold.Msg.Hold.Id})))
		}},
		{"PostHolds", func() error {
			r, err := s.service.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: hold3.Msg.Hold.Id}}}))
			if err == nil && r.Msg.Results[0].Error != nil {
				return fmt.Errorf("hold refused: %v", r.Msg.Results[0].Error)
			}
			return err
		}},
		{"VoidHold", func() error {
			return ignore(s.service.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: hold2.Msg.Hold.Id})))
		}},
		{"ExpireHolds", func() error {
			return ignore(s.service.ExpireHolds(ctx, connect.NewRequest(&walletv1.ExpireHoldsRequest{})))
		}},
	}
	all := append(append([]call{}, reads...), writes...)

	before := snapshot(t, s)
	px.Cut()
	for _, c := range all {
		err := c.do()
		wantCode(t, c.name+" while the database is down", err, connect.CodeUnavailable, "DATABASE_UNAVAILABLE")
		var ce *connect.Error
		if errors.As(err, &ce) && (containsAny(ce.Message(), "dial tcp", "127.0.0.1", "connection refused", "pgconn")) {
			t.Errorf("%s: the message carries driver details: %q", c.name, ce.Message())
		}
	}
	px.Restore()
	// The pool reconnects on its own; give it the first call.
	deadline := time.Now().Add(10 * time.Second)
	for reads[0].do() != nil && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if got := snapshot(t, s); got != before {
		t.Errorf("refused calls changed the ledger:\n before %s\n after  %s", before, got)
	}
	for _, c := range all {
		if err := c.do(); err != nil {
			t.Errorf("%s after the database is back: %v", c.name, err)
		}
	}
}

// snapshot is what a refused call must not change: every account's
// balance and held amount, the transfers and the holds, as the service
// itself reports them.
func snapshot(t *testing.T, s *server) string {
	t.Helper()
	ctx := context.Background()
	out := ""
	as, err := s.service.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{}))
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	for _, a := range as.Msg.Accounts {
		out += fmt.Sprintf("%s:%s=%d/%d ", a.Id, a.OwnerId, a.Balance, a.Held)
		es, err := s.service.ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: a.Id}))
		if err != nil {
			t.Fatalf("snapshot: %v", err)
		}
		for _, e := range es.Msg.Entries {
			out += "[" + e.TransferId + "]"
		}
	}
	for _, id := range []string{"1", "2", "3"} {
		h, err := s.service.GetHold(ctx, connect.NewRequest(&walletv1.GetHoldRequest{HoldId: id}))
		if err == nil {
			out += " hold" + id + "=" + h.Msg.Hold.State.String()
		}
	}
	return out
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
