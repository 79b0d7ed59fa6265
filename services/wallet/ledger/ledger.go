package ledger

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel/metric"

	"github.com/croupier/croupier/shared/apierr"
)

// Limits on requests.
const (
	// MaxAmount bounds one movement so no balance can overflow int64.
	MaxAmount = 1_000_000_000_000_000
	// MaxBatch is the most legs in one batch.
	MaxBatch = 100
	// MaxHoldTTL is the longest a hold may stay pending.
	MaxHoldTTL = 24 * time.Hour
	// MaxPage is the largest statement page.
	MaxPage = 1000
	// DefaultPage is the statement page size when none is asked for.
	DefaultPage = 100
	maxNote     = 512
)

// Options configures a Ledger.
type Options struct {
	// Now is the clock (time.Now when nil). Tests inject one to make hold
	// expiry deterministic.
	Now func() time.Time
	// Meter creates the ledger's instruments (metrics.go); none when nil.
	Meter metric.Meter
}

// Ledger is the wallet core.
type Ledger struct {
	store Store
	now   func() time.Time
	info  *accountCache
	m     *metrics
}

// New returns a Ledger over store.
func New(store Store, opts Options) *Ledger {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	// The names are constants (covered by the tests); for a bad one the SDK
	// reports through otel's error handler and still returns a working
	// instrument, so the error adds nothing here.
	m, _ := newMetrics(opts.Meter)
	return &Ledger{store: store, now: now, info: newAccountCache(100_000), m: m}
}

// Now returns the ledger's clock reading, truncated to the microseconds the
// store keeps.
func (l *Ledger) Now() time.Time { return l.now().UTC().Truncate(time.Microsecond) }

// account returns the immutable part of an account (kind, owner, partner,
// currency) from the cache, loading it once. Balances read from it are stale
// and never used for decisions; the store checks balances under its lock.
func (l *Ledger) account(ctx context.Context, id int64) (Account, error) {
	if a, ok := l.info.get(id); ok {
		return a, nil
	}
	a, err := l.store.Account(ctx, id)
	if err != nil {
		return Account{}, err
	}
	l.info.put(a)
	return a, nil
}

// OpenAccount opens (or returns) the account of kind for owner in currency.
func (l *Ledger) OpenAccount(ctx context.Context, c Caller, a Account) (Account, error) {
	if c.Role == RolePartner {
		if a.PartnerID == "" {
			a.PartnerID = c.PartnerID
		}
		if a.Kind == KindExternal && a.OwnerID == "" {
			a.OwnerID = c.PartnerID
		}
		if a.PartnerID != c.PartnerID || (a.Kind != KindPlayer && a.Kind != KindExternal) {
			return Account{}, apierr.Denied(ReasonOperationDenied, "a partner opens only its own player and cage accounts")
		}
	} else if err := c.mustBeInternal("opening this account"); err != nil {
		return Account{}, err
	}
	if err := ValidateAccount(a); err != nil {
		return Account{}, err
	}
	a.Balance, a.Held, a.ID = 0, 0, 0
	a.CreatedAt = l.Now()
	out, err := l.store.OpenAccount(ctx, a)
	if err != nil {
		return Account{}, err
	}
	l.info.put(out)
	return out, nil
}

// ValidateAccount checks the shape of an account to open.
func ValidateAccount(a Account) error {
	if !a.Kind.Valid() {
		return apierr.Invalid("INVALID_ACCOUNT_KIND", "account kind %d is not valid", a.Kind)
	}
	if !currencyPattern.MatchString(a.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", a.Currency)
	}
	if a.OwnerID != "" && !idPattern.MatchString(a.OwnerID) {
		return apierr.Invalid("INVALID_OWNER", "owner id must be 1-128 printable ASCII characters")
	}
	if a.PartnerID != "" && !idPattern.MatchString(a.PartnerID) {
		return apierr.Invalid("INVALID_PARTNER", "partner id must be 1-128 printable ASCII characters")
	}
	switch a.Kind {
	case KindPlayer:
		if a.OwnerID == "" || a.PartnerID == "" {
			return apierr.Invalid("INVALID_OWNER", "a player account needs a player id and a partner id")
		}
	case KindExternal:
		if a.PartnerID == "" || a.OwnerID != a.PartnerID {
			return apierr.Invalid("INVALID_OWNER", "a cage account belongs to one partner: owner id = partner id")
		}
	case KindTableEscrow, KindRoundEscrow, KindPrizePool:
		if a.OwnerID == "" || a.PartnerID != "" {
			return apierr.Invalid("INVALID_OWNER", "an escrow or prize-pool account needs a table or tournament id and no partner")
		}
	case KindHouseRevenue, KindHouseBank:
		if a.PartnerID != "" {
			return apierr.Invalid("INVALID_OWNER", "house accounts belong to no partner")
		}
	}
	return nil
}

// Account returns one account the caller may read.
func (l *Ledger) Account(ctx context.Context, c Caller, id int64) (Account, error) {
	a, err := l.store.Account(ctx, id)
	if err != nil {
		return Account{}, err
	}
	if err := c.mustRead(a); err != nil {
		return Account{}, err
	}
	return a, nil
}

// Accounts lists the accounts matching f that the caller may read.
func (l *Ledger) Accounts(ctx context.Context, c Caller, f AccountFilter) ([]Account, error) {
	switch c.Role {
	case RolePartner:
		if f.PartnerID != "" && f.PartnerID != c.PartnerID {
			return nil, nil
		}
		f.PartnerID, f.PartnerSet = c.PartnerID, true
	case RolePlayer:
		if (f.PartnerID != "" && f.PartnerID != c.PartnerID) || (f.OwnerID != "" && f.OwnerID != c.PlayerID) ||
			(f.Kind != 0 && f.Kind != KindPlayer) {
			return nil, nil
		}
		f.PartnerID, f.PartnerSet, f.OwnerID, f.Kind = c.PartnerID, true, c.PlayerID, KindPlayer
	}
	if f.Limit <= 0 || f.Limit > MaxPage {
		f.Limit = MaxPage
	}
	all, err := l.store.Accounts(ctx, f)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, a := range all {
		if c.canRead(a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// ValidateKey checks an idempotency key.
func ValidateKey(key string) error {
	if !idPattern.MatchString(key) {
		return apierr.Invalid("INVALID_IDEMPOTENCY_KEY", "idempotency key must be 1-128 printable ASCII characters")
	}
	return nil
}

// ValidateLeg checks one movement's shape (not balances).
func ValidateLeg(g Leg) error {
	if g.Debit <= 0 || g.Credit <= 0 {
		return apierr.Invalid("INVALID_ACCOUNT_ID", "debit and credit account ids are required")
	}
	if g.Debit == g.Credit {
		return apierr.Invalid("SAME_ACCOUNT", "debit and credit accounts must differ")
	}
	if g.Amount <= 0 || g.Amount > MaxAmount {
		return apierr.Invalid("INVALID_AMOUNT", "amount must be in 1..%d minor units", int64(MaxAmount))
	}
	if !currencyPattern.MatchString(g.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", g.Currency)
	}
	if !g.Kind.Valid() {
		return apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", g.Kind)
	}
	for _, id := range []string{g.Meta.TableID, g.Meta.HandID, g.Meta.RoundID, g.Meta.TournamentID} {
		if id != "" && !idPattern.MatchString(id) {
			return apierr.Invalid("INVALID_METADATA", "metadata ids must be 1-128 printable ASCII characters")
		}
	}
	if len(g.Meta.Note) > maxNote || !utf8.ValidString(g.Meta.Note) {
		return apierr.Invalid("INVALID_METADATA", "note must be valid UTF-8 of at most %d bytes", maxNote)
	}
	// The rake report groups rake by table and hand: rake without them
	// could not be audited per hand (gr-regulation-2 Γ.6, cz cash game rake).
	if g.Kind == TransferRake && (g.Meta.TableID == "" || g.Meta.HandID == "") {
		return apierr.Invalid("RAKE_NEEDS_HAND", "rake carries the table id and the hand id it was taken from")
	}
	if g.Kind == TransferTournamentFee && g.Meta.TournamentID == "" {
		return apierr.Invalid("FEE_NEEDS_TOURNAMENT", "a tournament fee carries the tournament id")
	}
	return nil
}

// checkLegs validates legs against the accounts' immutable attributes and
// the caller's rights. Balances are the store's business.
func (l *Ledger) checkLegs(ctx context.Context, c Caller, legs []Leg) error {
	for i, g := range legs {
		if err := ValidateLeg(g); err != nil {
			if len(legs) > 1 {
				return fmt.Errorf("leg %d: %w", i, err)
			}
			return err
		}
		debit, err := l.account(ctx, g.Debit)
		if err != nil {
			return err
		}
		credit, err := l.account(ctx, g.Credit)
		if err != nil {
			return err
		}
		if err := c.mayMove(g, debit, credit); err != nil {
			return err
		}
		if debit.Currency != g.Currency {
			return ErrCurrencyMismatch(debit.ID, g.Currency)
		}
		if credit.Currency != g.Currency {
			return ErrCurrencyMismatch(credit.ID, g.Currency)
		}
	}
	return nil
}

func (l *Ledger) apply(ctx context.Context, c Caller, op Operation) (Result, error) {
	op.Scope = c.scope()
	op.Now = l.Now()
	op.Hash = bodyHash(op)
	return l.store.Apply(ctx, op)
}

// Transfer moves g.Amount from g.Debit to g.Credit once per key.
func (l *Ledger) Transfer(ctx context.Context, c Caller, key string, g Leg) (r Result, err error) {
	defer func() { l.m.applied(ctx, opTransferName, r, err) }()
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if err := l.checkLegs(ctx, c, []Leg{g}); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpTransfer, Legs: []Leg{g}})
}

// Batch applies legs in order, atomically, once per key. Each leg must leave
// its debit account non-negative at the point it runs (so a cash-out may
// spend what an earlier leg credited).
func (l *Ledger) Batch(ctx context.Context, c Caller, key string, legs []Leg) (r Result, err error) {
	defer func() { l.m.applied(ctx, opBatchName, r, err) }()
	if err := c.mustBeInternal("a batch"); err != nil {
		return Result{}, err
	}
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if len(legs) == 0 || len(legs) > MaxBatch {
		return Result{}, apierr.Invalid("INVALID_BATCH", "a batch has 1..%d transfers", MaxBatch)
	}
	if err := l.checkLegs(ctx, c, legs); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpBatch, Legs: legs})
}

// CreateHold reserves g.Amount on g.Debit for ttl, to be posted to g.Credit.
func (l *Ledger) CreateHold(ctx context.Context, c Caller, key string, g Leg, ttl time.Duration) (r Result, err error) {
	defer func() { l.m.applied(ctx, opHoldName, r, err) }()
	if err := c.mustBeInternal("a hold"); err != nil {
		return Result{}, err
	}
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if ttl < time.Second || ttl > MaxHoldTTL {
		return Result{}, apierr.Invalid("INVALID_TTL", "a hold lives 1s..%s", MaxHoldTTL)
	}
	if err := l.checkLegs(ctx, c, []Leg{g}); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpHold, Legs: []Leg{g}, TTL: ttl})
}

// PostHold moves amount of a pending hold (0 = all of it) and releases the rest.
func (l *Ledger) PostHold(ctx context.Context, c Caller, id, amount int64) (h Hold, t Transfer, replayed bool, err error) {
	defer func() { l.m.released(ctx, opPostHoldName, "posted", &t, replayed, err) }()
	if err := c.mustBeInternal("posting a hold"); err != nil {
		return Hold{}, Transfer{}, false, err
	}
	if id <= 0 {
		return Hold{}, Transfer{}, false, apierr.Invalid("INVALID_HOLD_ID", "hold id is required")
	}
	if amount < 0 || amount > MaxAmount {
		return Hold{}, Transfer{}, false, apierr.Invalid("INVALID_AMOUNT", "amount must be 0 (all) or 1..%d", int64(MaxAmount))
	}
	return l.store.PostHold(ctx, id, amount, l.Now())
}

// VoidHold releases a pending hold.
func (l *Ledger) VoidHold(ctx context.Context, c Caller, id int64) (h Hold, replayed bool, err error) {
	defer func() { l.m.released(ctx, opVoidHoldName, "voided", nil, replayed, err) }()
	if err := c.mustBeInternal("voiding a hold"); err != nil {
		return Hold{}, false, err
	}
	if id <= 0 {
		return Hold{}, false, apierr.Invalid("INVALID_HOLD_ID", "hold id is required")
	}
	return l.store.VoidHold(ctx, id, l.Now())
}

// Hold returns a hold whose debit account the caller may read.
func (l *Ledger) Hold(ctx context.Context, c Caller, id int64) (Hold, error) {
	h, err := l.store.Hold(ctx, id)
	if err != nil {
		return Hold{}, err
	}
	if c.Role != RoleInternal {
		a, err := l.account(ctx, h.Debit)
		if err != nil || !c.canRead(a) {
			return Hold{}, ErrHoldNotFound(id)
		}
	}
	return h, nil
}

// ExpireHolds releases pending holds past their expiry; the sweeper calls it.
func (l *Ledger) ExpireHolds(ctx context.Context, c Caller, limit int) (n int, err error) {
	defer func() { l.m.expired(ctx, n, err) }()
	if err := c.mustBeInternal("expiring holds"); err != nil {
		return 0, err
	}
	if limit <= 0 || limit > 10_000 {
		limit = 1000
	}
	return l.store.ExpireHolds(ctx, l.Now(), limit)
}

// Sweep runs ExpireHolds every interval until ctx is done, so an abandoned
// buy-in or registration gives its money back on time.
func (l *Ledger) Sweep(ctx context.Context, interval time.Duration, onErr func(error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for {
				n, err := l.ExpireHolds(ctx, Internal(), 1000)
				if err != nil && ctx.Err() == nil && onErr != nil {
					onErr(err)
				}
				if err != nil || n < 1000 {
					break
				}
			}
		}
	}
}

// canSeeTransfer reports whether the caller may read either side of t.
func (l *Ledger) canSeeTransfer(ctx context.Context, c Caller, t Transfer) bool {
	if c.Role == RoleInternal {
		return true
	}
	for _, id := range []int64{t.Debit, t.Credit} {
		if a, err := l.account(ctx, id); err == nil && c.canRead(a) {
			return true
		}
	}
	return false
}

// TransferByID returns a transfer touching an account the caller may read.
func (l *Ledger) TransferByID(ctx context.Context, c Caller, id int64) (Transfer, error) {
	t, err := l.store.Transfer(ctx, id)
	if err != nil {
		return Transfer{}, err
	}
	if !l.canSeeTransfer(ctx, c, t) {
		return Transfer{}, WithTransfer(apierr.NotFound(ReasonTransferNotFound, "no such transfer"), id)
	}
	return t, nil
}

// OperationByKey returns what was recorded for an idempotency key. Partners
// and players look in their partner's scope; internal callers name the
// partner ("" = the internal scope).
func (l *Ledger) OperationByKey(ctx context.Context, c Caller, partner, key string) (Result, error) {
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	scope := partner
	if c.Role != RoleInternal {
		scope = c.PartnerID
	}
	r, err := l.store.Operation(ctx, scope, key)
	if err != nil {
		return Result{}, err
	}
	if c.Role == RolePlayer {
		for _, t := range r.Transfers {
			if !l.canSeeTransfer(ctx, c, t) {
				return Result{}, apierr.NotFound(ReasonTransferNotFound, "no transfer for key %q", key)
			}
		}
	}
	return r, nil
}

// StatementQuery is a request for one page of an account's statement.
type StatementQuery struct {
	AccountID int64
	Kinds     []TransferKind
	From, To  time.Time
	PageSize  int
	PageToken string
}

// Entries returns one page of the statement and the token of the next page
// ("" at the end).
func (l *Ledger) Entries(ctx context.Context, c Caller, q StatementQuery) ([]Entry, string, error) {
	if err := ValidateStatement(q); err != nil {
		return nil, "", err
	}
	a, err := l.account(ctx, q.AccountID)
	if err != nil {
		return nil, "", err
	}
	if err := c.mustRead(a); err != nil {
		return nil, "", err
	}
	after, _ := ParsePageToken(q.PageToken, q.AccountID)
	size := q.PageSize
	if size == 0 {
		size = DefaultPage
	}
	es, err := l.store.Entries(ctx, EntryQuery{AccountID: q.AccountID, Kinds: q.Kinds, From: q.From, To: q.To, After: after, Limit: size + 1})
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(es) > size {
		es = es[:size]
		next = PageToken(q.AccountID, es[len(es)-1].ID)
	}
	return es, next, nil
}

// ValidateStatement checks a statement request.
func ValidateStatement(q StatementQuery) error {
	if q.AccountID <= 0 {
		return apierr.Invalid("INVALID_ACCOUNT_ID", "account id is required")
	}
	if q.PageSize < 0 || q.PageSize > MaxPage {
		return apierr.Invalid("INVALID_PAGE_SIZE", "page size must be 0..%d", MaxPage)
	}
	for _, k := range q.Kinds {
		if !k.Valid() {
			return apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", k)
		}
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return apierr.Invalid("INVALID_TIME_RANGE", "from must be before to")
	}
	if q.PageToken != "" {
		if _, err := ParsePageToken(q.PageToken, q.AccountID); err != nil {
			return err
		}
	}
	return nil
}

const tokenPrefix = "e1."

// PageToken encodes the keyset cursor of a statement page.
func PageToken(account, lastEntry int64) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%s%d.%d", tokenPrefix, account, lastEntry))
}

// ParsePageToken decodes a page token issued for account.
func ParsePageToken(tok string, account int64) (int64, error) {
	if tok == "" {
		return 0, nil
	}
	bad := apierr.Invalid("INVALID_PAGE_TOKEN", "page token is not valid for this statement")
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		return 0, bad
	}
	rest, ok := strings.CutPrefix(string(raw), tokenPrefix)
	if !ok {
		return 0, bad
	}
	as, es, ok := strings.Cut(rest, ".")
	if !ok {
		return 0, bad
	}
	a, err1 := strconv.ParseInt(as, 10, 64)
	e, err2 := strconv.ParseInt(es, 10, 64)
	if err1 != nil || err2 != nil || a != account || e <= 0 {
		return 0, bad
	}
	return e, nil
}

// Reconcile runs the ledger-wide checks.
func (l *Ledger) Reconcile(ctx context.Context, c Caller, currency string) (r Reconciliation, err error) {
	defer func() { l.m.reconciledRun(ctx, r, err) }()
	if err := c.mustBeInternal("reconciliation"); err != nil {
		return Reconciliation{}, err
	}
	if currency != "" && !currencyPattern.MatchString(currency) {
		return Reconciliation{}, apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", currency)
	}
	return l.store.Reconcile(ctx, currency)
}

// EscrowCheck is the comparison of an escrow balance with the chips counted at a table.
type EscrowCheck struct {
	Account  Account
	Expected int64
}

// Matches reports whether the escrow holds exactly the chips at the table.
func (e EscrowCheck) Matches() bool { return e.Account.Balance == e.Expected }

// CheckEscrow compares the escrow of table (kind TABLE_ESCROW or
// ROUND_ESCROW) in currency with the chips the table service counts there.
// A table with no escrow account has a balance of zero.
func (l *Ledger) CheckEscrow(ctx context.Context, c Caller, kind Kind, table, currency string, expected int64) (EscrowCheck, error) {
	if err := c.mustBeInternal("an escrow check"); err != nil {
		return EscrowCheck{}, err
	}
	if kind == 0 {
		kind = KindTableEscrow
	}
	if kind != KindTableEscrow && kind != KindRoundEscrow {
		return EscrowCheck{}, apierr.Invalid("INVALID_ACCOUNT_KIND", "escrow kind is TABLE_ESCROW or ROUND_ESCROW")
	}
	if !idPattern.MatchString(table) {
		return EscrowCheck{}, apierr.Invalid("INVALID_OWNER", "table id is required")
	}
	if !currencyPattern.MatchString(currency) {
		return EscrowCheck{}, apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", currency)
	}
	if expected < 0 {
		return EscrowCheck{}, apierr.Invalid("INVALID_AMOUNT", "expected chips cannot be negative")
	}
	as, err := l.store.Accounts(ctx, AccountFilter{Kind: kind, OwnerID: table, PartnerSet: true, Currency: currency, Limit: 1})
	if err != nil {
		return EscrowCheck{}, err
	}
	out := EscrowCheck{Expected: expected, Account: Account{Kind: kind, OwnerID: table, Currency: currency}}
	if len(as) == 1 {
		out.Account = as[0]
	}
	return out, nil
}

// RakeReport sums revenue per table or tournament and per UTC day.
func (l *Ledger) RakeReport(ctx context.Context, c Caller, q RevenueQuery) ([]RevenueRow, error) {
	if err := c.mustBeInternal("the rake report"); err != nil {
		return nil, err
	}
	if err := ValidateRevenue(q); err != nil {
		return nil, err
	}
	if len(q.Kinds) == 0 {
		q.Kinds = []TransferKind{TransferRake}
	}
	return l.store.Revenue(ctx, q)
}

// ValidateRevenue checks a rake report request.
func ValidateRevenue(q RevenueQuery) error {
	if !currencyPattern.MatchString(q.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", q.Currency)
	}
	for _, k := range q.Kinds {
		if !k.Valid() {
			return apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", k)
		}
	}
	if q.TableID != "" && !idPattern.MatchString(q.TableID) {
		return apierr.Invalid("INVALID_OWNER", "table id must be 1-128 printable ASCII characters")
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return apierr.Invalid("INVALID_TIME_RANGE", "from must be before to")
	}
	return nil
}

// accountCache keeps the immutable attributes of accounts so the checks of a
// transfer cost no database round trip.
type accountCache struct {
	mu  sync.RWMutex
	max int
	m   map[int64]Account
}

func newAccountCache(max int) *accountCache {
	return &accountCache{max: max, m: map[int64]Account{}}
}

func (c *accountCache) get(id int64) (Account, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	a, ok := c.m[id]
	return a, ok
}

func (c *accountCache) put(a Account) {
	a.Balance, a.Held = 0, 0
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[a.ID] = a
}
