package api

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// SessionHandler implements tablev1connect.SessionServiceHandler: a
// partner's back-end, authenticated by its API key, asks for a session
// token for one of its players and hands it to that player's front-end.
// The token is signed with the session key — which only the table service
// holds (CROUPIER_SESSION_SIGNING_KEY) and which signs player tokens only —
// carries the player id and the partner id from the API key (a partner can
// only ever issue tokens for its own players), and expires.
type SessionHandler struct {
	auth *auth.Authenticator
	// Now is the clock (time.Now if nil).
	Now func() time.Time
}

var _ tablev1connect.SessionServiceHandler = (*SessionHandler)(nil)

// CreatePlayerSession issues a player session token.
func (h *SessionHandler) CreatePlayerSession(ctx context.Context, req *connect.Request[tablev1.CreatePlayerSessionRequest]) (*connect.Response[tablev1.CreatePlayerSessionResponse], error) {
	m := req.Msg
	if err := validateSession(m); err != nil {
		return nil, apierr.Connect(err)
	}
	p, ok := auth.FromContext(ctx)
	if !ok {
		return nil, apierr.Connect(apierr.Unauthenticated("NO_CREDENTIALS", "no authenticated caller"))
	}
	partner := p.PartnerID
	switch p.Role {
	case auth.RolePartner:
		if m.GetPartnerId() != "" && m.GetPartnerId() != partner {
			return nil, apierr.Connect(apierr.Denied("OTHER_PARTNER", "a partner issues sessions for its own players only"))
		}
	case auth.RoleOperator:
		partner = m.GetPartnerId()
		if partner == "" {
			return nil, apierr.Connect(apierr.Invalid("NO_PARTNER", "an operator names the partner"))
		}
	default:
		return nil, apierr.Connect(apierr.Denied("ROLE_NOT_ALLOWED", "%s may not issue sessions", p.Role))
	}
	ttl := time.Duration(m.GetTtlSeconds()) * time.Second
	if ttl == 0 {
		ttl = time.Hour
	}
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	session := auth.Principal{Role: auth.RolePlayer, PlayerID: m.GetPlayerId(), PartnerID: partner}
	if !h.auth.CanIssue(session) {
		// A deployment without the session key: not the caller's fault.
		return nil, apierr.Connect(apierr.Unavailable("NO_SESSION_KEY", "this table service holds no session signing key"))
	}
	tok, err := h.auth.Issue(session, ttl)
	if err != nil {
		return nil, apierr.Connect(apierr.Invalid("BAD_SESSION", "%v", err))
	}
	return connect.NewResponse(&tablev1.CreatePlayerSessionResponse{Token: tok, ExpiresAt: timestamppb.New(now().Add(ttl))}), nil
}
