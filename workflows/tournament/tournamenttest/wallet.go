// Package tournamenttest holds in-memory stand-ins for the wallet, the
// table service and the RNG, faithful to the contracts the tournament
// activities rely on (idempotency keys, holds, deferred removals, hands
// played by bots), for the workflow's tests and the large simulations.
package tournamenttest

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/croupier/croupier/workflows/tournament"
)

// Refusal is a business refusal (insufficient funds).
type Refusal struct{ reason, msg string }

func (e *Refusal) Error() string  { return e.reason + ": " + e.msg }
func (e *Refusal) Reason() string { return e.reason }

// Wallet is a double-entry ledger in memory: balances, holds, transfers
// keyed for idempotency, and counters to prove a retry moved nothing.
type Wallet struct {
	mu        sync.Mutex
	balances  map[string]int64
	held      map[string]int64
	holds     map[string]*hold
	keys      map[string]string
	Transfers []Entry
	seq       int
	// FailNext makes the next n calls fail with a transient error.
	FailNext int
	// StaleReads makes FindPlayerAccount report unlimited funds, so only
	// the holds refuse (a balance read that another movement overtook).
	StaleReads bool
}

// Entry is one applied transfer.
type Entry struct {
	Key      string
	Transfer tournament.Transfer
}

type hold struct {
	id, key string
	t       tournament.Transfer
	state   string
}

// NewWallet returns an empty ledger.
func NewWallet() *Wallet {
	return &Wallet{balances: map[string]int64{}, held: map[string]int64{}, holds: map[string]*hold{}, keys: map[string]string{}}
}

func (w *Wallet) fail() error {
	if w.FailNext > 0 {
		w.FailNext--
		return fmt.Errorf("wallet unavailable (injected)")
	}
	return nil
}

// Fund credits a player account from the cage.
func (w *Wallet) Fund(partner, player, currency string, amount int64) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	acct := "player:" + partner + ":" + player + ":" + currency
	w.balances[acct] += amount
	w.balances["cage:"+currency] -= amount
	return acct
}

// Balance returns an account's posted balance.
func (w *Wallet) Balance(acct string) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.balances[acct]
}

// Held returns an account's pending holds.
func (w *Wallet) Held(acct string) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.held[acct]
}

// Sum returns the sum of all balances (0 when balanced).
func (w *Wallet) Sum() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	var s int64
	for _, b := range w.balances {
		s += b
	}
	return s
}

// Kinds sums the transfers of a kind.
func (w *Wallet) Kinds(kind tournament.TransferKind) (sum int64, n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, e := range w.Transfers {
		if e.Transfer.Kind == kind {
			sum += e.Transfer.Amount
			n++
		}
	}
	return sum, n
}

// PlayerAccount implements tournament.Wallet.
func (w *Wallet) PlayerAccount(_ context.Context, partner, player, currency string) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return "", err
	}
	acct := "player:" + partner + ":" + player + ":" + currency
	if _, ok := w.balances[acct]; !ok {
		w.balances[acct] = 0
	}
	return acct, nil
}

// FindPlayerAccount implements tournament.Wallet: it opens nothing.
func (w *Wallet) FindPlayerAccount(_ context.Context, partner, player, currency string) (string, int64, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return "", 0, err
	}
	acct := "player:" + partner + ":" + player + ":" + currency
	b, ok := w.balances[acct]
	if !ok {
		return "", 0, nil
	}
	if w.StaleReads {
		// As if read before another movement: the holds must still refuse.
		return acct, 1 << 62, nil
	}
	return acct, b - w.held[acct], nil
}

// Accounts lists the accounts that exist (funded, opened or credited),
// sorted.
func (w *Wallet) Accounts() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for a := range w.balances {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// Pending lists the pending holds on an account, by key.
func (w *Wallet) Pending(acct string) map[string]int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := map[string]int64{}
	for _, h := range w.holds {
		if h.state == "pending" && h.t.From == acct {
			out[h.key] = h.t.Amount
		}
	}
	return out
}

// HoldCount counts every hold ever made (pending, posted or voided).
func (w *Wallet) HoldCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.holds)
}

// PoolAccount implements tournament.Wallet.
func (w *Wallet) PoolAccount(_ context.Context, tour, currency string) (string, error) {
	return "pool:" + tour + ":" + currency, nil
}

// RevenueAccount implements tournament.Wallet.
func (w *Wallet) RevenueAccount(_ context.Context, currency string) (string, error) {
	return "house:" + currency, nil
}

func guarded(acct string) bool { return len(acct) > 5 && (acct[:5] == "playe" || acct[:5] == "pool:") }

// Hold implements tournament.Wallet.
func (w *Wallet) Hold(_ context.Context, key string, t tournament.Transfer, _ time.Duration) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return "", err
	}
	if id, ok := w.keys[key]; ok {
		return id, nil
	}
	if t.From == "" || t.To == "" || t.Amount <= 0 {
		return "", &Refusal{"BAD_TRANSFER", fmt.Sprintf("hold %+v", t)}
	}
	if guarded(t.From) && w.balances[t.From]-w.held[t.From] < t.Amount {
		return "", &Refusal{"INSUFFICIENT_FUNDS", fmt.Sprintf("%s has %d available, needs %d", t.From, w.balances[t.From]-w.held[t.From], t.Amount)}
	}
	w.seq++
	id := fmt.Sprintf("hold-%d", w.seq)
	w.holds[id] = &hold{id: id, key: key, t: t, state: "pending"}
	w.held[t.From] += t.Amount
	w.keys[key] = id
	return id, nil
}

// PostHold implements tournament.Wallet.
func (w *Wallet) PostHold(_ context.Context, id string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return err
	}
	h, ok := w.holds[id]
	if !ok {
		return fmt.Errorf("hold %s not found", id)
	}
	switch h.state {
	case "posted":
		return nil
	case "voided":
		return &Refusal{"HOLD_VOIDED", "hold " + id + " was voided"}
	}
	h.state = "posted"
	w.held[h.t.From] -= h.t.Amount
	w.balances[h.t.From] -= h.t.Amount
	w.balances[h.t.To] += h.t.Amount
	w.Transfers = append(w.Transfers, Entry{Key: h.key, Transfer: h.t})
	return nil
}

// VoidHold implements tournament.Wallet.
func (w *Wallet) VoidHold(_ context.Context, id string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return err
	}
	h, ok := w.holds[id]
	if !ok {
		return fmt.Errorf("hold %s not found", id)
	}
	switch h.state {
	case "voided":
		return nil
	case "posted":
		return &Refusal{"HOLD_POSTED", "hold " + id + " was posted"}
	}
	h.state = "voided"
	w.held[h.t.From] -= h.t.Amount
	return nil
}

// Transfer implements tournament.Wallet.
func (w *Wallet) Transfer(_ context.Context, key string, t tournament.Transfer) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.fail(); err != nil {
		return err
	}
	if _, ok := w.keys[key]; ok {
		return nil
	}
	if t.From == "" || t.To == "" || t.Amount <= 0 {
		return &Refusal{"BAD_TRANSFER", fmt.Sprintf("transfer %+v", t)}
	}
	if guarded(t.From) && w.balances[t.From]-w.held[t.From] < t.Amount {
		return &Refusal{"INSUFFICIENT_FUNDS", fmt.Sprintf("%s cannot pay %d", t.From, t.Amount)}
	}
	w.keys[key] = key
	w.balances[t.From] -= t.Amount
	w.balances[t.To] += t.Amount
	w.Transfers = append(w.Transfers, Entry{Key: key, Transfer: t})
	return nil
}

// Keys lists the keys of applied transfers, sorted.
func (w *Wallet) Keys() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, e := range w.Transfers {
		out = append(out, e.Key)
	}
	sort.Strings(out)
	return out
}
