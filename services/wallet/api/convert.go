package api

import (
	"errors"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
)

// LegFromPB reads a TransferSpec. Shape checks beyond ids (amount, kinds,
// metadata) are the ledger's (ledger.ValidateLeg).
func LegFromPB(s *walletv1.TransferSpec) (ledger.Leg, error) {
	if s == nil {
		return ledger.Leg{}, apierr.Invalid("MISSING_TRANSFER", "transfer is required")
	}
	debit, err := ParseID(s.GetDebitAccountId(), "account")
	if err != nil {
		return ledger.Leg{}, err
	}
	credit, err := ParseID(s.GetCreditAccountId(), "account")
	if err != nil {
		return ledger.Leg{}, err
	}
	if s.GetAmount() == nil {
		return ledger.Leg{}, apierr.Invalid("INVALID_AMOUNT", "amount is required")
	}
	m := s.GetMetadata()
	leg := ledger.Leg{
		Debit: debit, Credit: credit, Amount: s.GetAmount().GetAmount(), Currency: s.GetAmount().GetCurrency(),
		Kind: ledger.TransferKind(s.GetKind()),
		Meta: ledger.Metadata{TableID: m.GetTableId(), HandID: m.GetHandId(), RoundID: m.GetRoundId(), TournamentID: m.GetTournamentId(), Note: m.GetNote()},
	}
	if int32(leg.Kind) != int32(s.GetKind()) {
		return ledger.Leg{}, apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", s.GetKind())
	}
	return leg, ledger.ValidateLeg(leg)
}

// HoldPostsFromPB reads a PostHoldsRequest. The count, amounts and
// repeated holds are the ledger's to check (ledger.ValidateHoldPosts).
func HoldPostsFromPB(m *walletv1.PostHoldsRequest) ([]ledger.HoldPost, error) {
	posts := make([]ledger.HoldPost, len(m.GetHolds()))
	for i, p := range m.GetHolds() {
		id, err := ParseID(p.GetHoldId(), "hold")
		if err != nil {
			var e *apierr.Error
			if errors.As(err, &e) {
				// Name the item: the message is all the caller reads.
				err = apierr.Invalid(e.Reason, "holds[%d]: %s", i, e.Message)
			}
			return nil, err
		}
		posts[i] = ledger.HoldPost{HoldID: id, Amount: p.GetAmount()}
	}
	return posts, nil
}

// ValidateListAccounts checks a ListAccounts request.
func ValidateListAccounts(m *walletv1.ListAccountsRequest) error {
	if k := m.GetKind(); k != 0 && !ledger.Kind(k).Valid() {
		return apierr.Invalid("INVALID_ACCOUNT_KIND", "account kind %d is not valid", k)
	}
	if len(m.GetOwnerId()) > ident.MaxID || len(m.GetPartnerId()) > ident.MaxID || len(m.GetCurrency()) > 3 {
		return apierr.Invalid("INVALID_FILTER", "filter values are too long")
	}
	return nil
}

func timeOf(ts *timestamppb.Timestamp) (time.Time, error) {
	if ts == nil {
		return time.Time{}, nil
	}
	if err := ts.CheckValid(); err != nil {
		return time.Time{}, apierr.Invalid("INVALID_TIME", "timestamp: %v", err)
	}
	return ts.AsTime(), nil
}

// StatementFromPB reads a ListEntries request.
func StatementFromPB(m *walletv1.ListEntriesRequest) (ledger.StatementQuery, error) {
	id, err := ParseID(m.GetAccountId(), "account")
	if err != nil {
		return ledger.StatementQuery{}, err
	}
	q := ledger.StatementQuery{AccountID: id, PageSize: int(m.GetPageSize()), PageToken: m.GetPageToken()}
	if len(m.GetKinds()) > 20 {
		return q, apierr.Invalid("INVALID_TRANSFER_KIND", "at most 20 kinds")
	}
	for _, k := range m.GetKinds() {
		q.Kinds = append(q.Kinds, ledger.TransferKind(k))
		if int32(ledger.TransferKind(k)) != int32(k) {
			return q, apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", k)
		}
	}
	if q.From, err = timeOf(m.GetFrom()); err != nil {
		return q, err
	}
	if q.To, err = timeOf(m.GetTo()); err != nil {
		return q, err
	}
	return q, ledger.ValidateStatement(q)
}

// RevenueFromPB reads a RakeReport request.
func RevenueFromPB(m *walletv1.RakeReportRequest) (ledger.RevenueQuery, error) {
	q := ledger.RevenueQuery{Currency: m.GetCurrency(), TableID: m.GetTableId()}
	if len(m.GetKinds()) > 20 {
		return q, apierr.Invalid("INVALID_TRANSFER_KIND", "at most 20 kinds")
	}
	for _, k := range m.GetKinds() {
		kk := ledger.TransferKind(k)
		if int32(kk) != int32(k) || !kk.Valid() {
			return q, apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", k)
		}
		q.Kinds = append(q.Kinds, kk)
	}
	var err error
	if q.From, err = timeOf(m.GetFrom()); err != nil {
		return q, err
	}
	if q.To, err = timeOf(m.GetTo()); err != nil {
		return q, err
	}
	return q, ledger.ValidateRevenue(q)
}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func accountPB(a ledger.Account) *walletv1.Account {
	return &walletv1.Account{
		Id: idString(a.ID), Kind: walletv1.AccountKind(a.Kind), OwnerId: a.OwnerID, PartnerId: a.PartnerID,
		Currency: a.Currency, Balance: a.Balance, Held: a.Held, Available: a.Available(), CreatedAt: ts(a.CreatedAt),
	}
}

func metaPB(m ledger.Metadata) *walletv1.Metadata {
	return &walletv1.Metadata{TableId: m.TableID, HandId: m.HandID, RoundId: m.RoundID, TournamentId: m.TournamentID, Note: m.Note}
}

func transferPB(t ledger.Transfer) *walletv1.Transfer {
	return &walletv1.Transfer{
		Id: idString(t.ID), IdempotencyKey: t.Key, DebitAccountId: idString(t.Debit), CreditAccountId: idString(t.Credit),
		Amount: &commonv1.Money{Amount: t.Amount, Currency: t.Currency}, Kind: walletv1.TransferKind(t.Kind),
		Metadata: metaPB(t.Meta), CreatedAt: ts(t.CreatedAt), BatchId: idString(t.BatchID), HoldId: idString(t.HoldID),
	}
}

func holdPB(h ledger.Hold) *walletv1.Hold {
	return &walletv1.Hold{
		Id: idString(h.ID), IdempotencyKey: h.Key, DebitAccountId: idString(h.Debit), CreditAccountId: idString(h.Credit),
		Amount: &commonv1.Money{Amount: h.Amount, Currency: h.Currency}, State: walletv1.HoldState(h.State),
		ExpiresAt: ts(h.ExpiresAt), Kind: walletv1.TransferKind(h.Kind), Metadata: metaPB(h.Meta),
		TransferId: idString(h.TransferID), PostedAmount: h.PostedAmount, CreatedAt: ts(h.CreatedAt),
	}
}

// postResultPB is what PostHolds did with hold id.
func postResultPB(id int64, o ledger.PostOutcome) *walletv1.PostHoldResult {
	if o.Err != nil {
		return &walletv1.PostHoldResult{HoldId: idString(id), Error: postErrorPB(o.Err)}
	}
	return &walletv1.PostHoldResult{HoldId: idString(id), Hold: holdPB(o.Hold), Transfer: transferPB(o.Transfer), Replayed: o.Replayed}
}

// postErrorPB is a hold's refusal as PostHold would have sent it: the code
// and reason apierr.Connect gives it, and the refusal's own message (the
// ids that wrap it stay in the logs).
func postErrorPB(err error) *walletv1.PostHoldError {
	var e *apierr.Error
	if errors.As(err, &e) {
		return &walletv1.PostHoldError{Code: e.Code.String(), Reason: e.Reason, Message: e.Message}
	}
	return &walletv1.PostHoldError{Code: connect.CodeInternal.String(), Reason: "INTERNAL", Message: "INTERNAL"}
}

func entryPB(e ledger.Entry) *walletv1.Entry {
	return &walletv1.Entry{
		Id: idString(e.ID), CounterpartyAccountId: idString(e.Counterparty), TransferId: idString(e.TransferID),
		AccountId: idString(e.AccountID), Amount: e.Amount, BalanceAfter: e.BalanceAfter, Kind: walletv1.TransferKind(e.Kind),
		Metadata: metaPB(e.Meta), CreatedAt: ts(e.CreatedAt),
	}
}
