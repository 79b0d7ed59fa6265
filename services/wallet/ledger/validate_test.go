package ledger_test

import (
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// The wallet's ids and keys follow package ident: 1..128 printable ASCII
// characters without space. The reasons and messages are the wallet's own
// and stay as they were before ident.
func TestIDAndKeyShapes(t *testing.T) {
	at128, at129 := strings.Repeat("k", 128), strings.Repeat("k", 129)
	leg := func(m ledger.Metadata) ledger.Leg {
		return ledger.Leg{Debit: 1, Credit: 2, Amount: 1, Currency: "EUR", Kind: ledger.TransferDeposit, Meta: m}
	}
	cases := []struct {
		name    string
		err     error
		reason  string // "" = accepted
		message string
	}{
		{"key: 128 bytes", ledger.ValidateKey(at128), "", ""},
		{"key: empty", ledger.ValidateKey(""), "INVALID_IDEMPOTENCY_KEY", "idempotency key must be 1-128 printable ASCII characters"},
		{"key: 129 bytes", ledger.ValidateKey(at129), "INVALID_IDEMPOTENCY_KEY", "idempotency key must be 1-128 printable ASCII characters"},
		{"key: space", ledger.ValidateKey("buy in"), "INVALID_IDEMPOTENCY_KEY", ""},
		{"key: non-ASCII", ledger.ValidateKey("clé"), "INVALID_IDEMPOTENCY_KEY", ""},
		{"key: control", ledger.ValidateKey("k\n"), "INVALID_IDEMPOTENCY_KEY", ""},
		{"owner: 128 bytes", ledger.ValidateAccount(ledger.Account{Kind: ledger.KindPlayer, OwnerID: at128, PartnerID: "p", Currency: "EUR"}), "", ""},
		{"owner: 129 bytes", ledger.ValidateAccount(ledger.Account{Kind: ledger.KindPlayer, OwnerID: at129, PartnerID: "p", Currency: "EUR"}),
			"INVALID_OWNER", "owner id must be 1-128 printable ASCII characters"},
		{"partner: space", ledger.ValidateAccount(ledger.Account{Kind: ledger.KindPlayer, OwnerID: "o", PartnerID: "p 1", Currency: "EUR"}),
			"INVALID_PARTNER", "partner id must be 1-128 printable ASCII characters"},
		{"metadata: 128 bytes", ledger.ValidateLeg(leg(ledger.Metadata{HandID: at128})), "", ""},
		{"metadata: non-ASCII", ledger.ValidateLeg(leg(ledger.Metadata{TableID: "tablé"})),
			"INVALID_METADATA", "metadata ids must be 1-128 printable ASCII characters"},
		{"note: 512 bytes", ledger.ValidateLeg(leg(ledger.Metadata{Note: strings.Repeat("n", 512)})), "", ""},
		{"note: newline and accents", ledger.ValidateLeg(leg(ledger.Metadata{Note: "café\nrefund"})), "", ""},
		{"note: 513 bytes", ledger.ValidateLeg(leg(ledger.Metadata{Note: strings.Repeat("n", 513)})),
			"INVALID_METADATA", "note must be valid UTF-8 of at most 512 bytes"},
		{"note: invalid UTF-8", ledger.ValidateLeg(leg(ledger.Metadata{Note: "\xff"})),
			"INVALID_METADATA", "note must be valid UTF-8 of at most 512 bytes"},
		{"revenue table: 129 bytes", ledger.ValidateRevenue(ledger.RevenueQuery{Currency: "EUR", TableID: at129}),
			"INVALID_OWNER", "table id must be 1-128 printable ASCII characters"},
	}
	for _, c := range cases {
		if c.reason == "" {
			if c.err != nil {
				t.Errorf("%s: %v", c.name, c.err)
			}
			continue
		}
		if apierr.Code(c.err) != connect.CodeInvalidArgument || apierr.Reason(c.err) != c.reason {
			t.Errorf("%s: %v, want INVALID_ARGUMENT %s", c.name, c.err, c.reason)
			continue
		}
		if !strings.Contains(c.err.Error(), c.message) {
			t.Errorf("%s: message %q, want %q", c.name, c.err, c.message)
		}
	}
}
