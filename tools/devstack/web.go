package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"connectrpc.com/connect"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/tools/platform"
	"github.com/croupier/croupier/web"
)

// devSessionPath is the dev stack's sign-in for the web client. It stands
// in for a partner's back-end, which in production authenticates its
// player and asks SessionService.CreatePlayerSession for his token: here
// anyone who names himself gets a player session of the dev partner and a
// funded wallet. Dev only: no production binary serves it.
const devSessionPath = "/dev/session"

// webStake is what a dev sign-in tops the player's wallet up to, in cents
// of each currency the dev tables play (€10,000).
const webStake = 1_000_000

// webCurrencies are the currencies the dev stack's tables play.
var webCurrencies = [...]string{"EUR"}

// mountWeb serves the reference web client at / and the dev sign-in.
func mountWeb(rt *boot.Runtime, base, apiKey string) {
	assets := web.Assets()
	if dir := os.Getenv("CROUPIER_WEB_DIR"); dir != "" {
		// A client build on disk instead of the embedded one (a developer's
		// `npx vite build --watch --outDir DIR`).
		assets = os.DirFS(dir)
	}
	// Patterns without a method: "GET /" would conflict with the services'
	// own paths in the mux. The handlers check the method.
	rt.Server.Handle("/", web.Handler(assets))
	rt.Server.Handle(devSessionPath, &devSessions{rt: rt, wallet: platform.NewClients(base, platform.APIKey(apiKey)).Wallet})
}

// devSessions answers the dev sign-in; wallet acts as the dev partner.
type devSessions struct {
	rt     *boot.Runtime
	wallet walletv1connect.WalletServiceClient
}

// devSessionRequest is the sign-in form: a display name.
type devSessionRequest struct {
	Name string `json:"name"`
}

// devSessionResponse is what the client keeps for the session.
type devSessionResponse struct {
	Token       string    `json:"token"`
	PlayerID    string    `json:"playerId"`
	PartnerID   string    `json:"partnerId"`
	DisplayName string    `json:"displayName"`
	ExpiresAt   time.Time `json:"expiresAt"`
}

// playerID turns a display name into the player's id: the same name signs
// in as the same player (and wallet) again.
func playerID(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > 32 || !utf8.ValidString(name) {
		return "", fmt.Errorf("a name is 1 to 32 characters")
	}
	var b strings.Builder
	b.WriteString("web-")
	for _, r := range strings.ToLower(name) {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case unicode.IsSpace(r) || r == '-' || r == '_' || r == '.':
			b.WriteByte('-')
		default:
			fmt.Fprintf(&b, "u%x", r)
		}
	}
	return b.String(), nil
}

func (d *devSessions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"code": "invalid_argument", "reason": "POST_ONLY", "message": "POST {\"name\": \"...\"}"})
		return
	}
	var req devSessionRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "invalid_argument", "reason": "BAD_JSON", "message": "send {\"name\": \"...\"}"})
		return
	}
	id, err := playerID(req.Name)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "invalid_argument", "reason": "BAD_NAME", "message": err.Error()})
		return
	}
	ctx := r.Context()
	ttl := 12 * time.Hour
	p := auth.Principal{Role: auth.RolePlayer, PlayerID: id, PartnerID: boot.DevPartner}
	tok, err := d.rt.Auth.Issue(p, ttl)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"code": "internal", "reason": "NO_SESSION", "message": err.Error()})
		return
	}
	for _, cur := range webCurrencies {
		if err := d.topUp(ctx, id, cur); err != nil {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"code": "unavailable", "reason": "NO_WALLET", "message": err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusOK, devSessionResponse{Token: tok, PlayerID: id, PartnerID: boot.DevPartner,
		DisplayName: strings.TrimSpace(req.Name), ExpiresAt: time.Now().Add(ttl).UTC()})
}

// topUp brings the player's wallet up to webStake.
func (d *devSessions) topUp(ctx context.Context, player, currency string) error {
	acct, err := d.wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: player, PartnerId: boot.DevPartner, Currency: currency}))
	if err != nil {
		return fmt.Errorf("wallet: %w", err)
	}
	if short := webStake - acct.Msg.GetAccount().GetBalance(); short > 0 {
		_, err = platform.Fund(ctx, d.wallet, boot.DevPartner, player, currency, short)
	}
	return err
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
