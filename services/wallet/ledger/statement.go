package ledger

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/croupier/croupier/shared/apierr"
)

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
