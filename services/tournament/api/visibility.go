package api

import (
	"context"
	"fmt"

	"github.com/croupier/croupier/shared/auth"
)

// viewer is who reads the standings.
type viewer struct {
	internal        bool
	partner, player string
}

// viewerOf is the caller as a reader of standings; an unauthenticated
// context (none reaches a handler past the interceptor) sees no identity.
func viewerOf(ctx context.Context) viewer {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return viewer{}
	}
	switch p.Role {
	case auth.RoleOperator, auth.RoleService:
		return viewer{internal: true}
	case auth.RolePartner:
		return viewer{partner: p.PartnerID}
	case auth.RolePlayer:
		return viewer{partner: p.PartnerID, player: p.PlayerID}
	}
	return viewer{}
}

// seesIdentity reports whether v may see who an entrant is (his player and
// partner ids) and where he sits (table and seat): operators and services,
// the entrant himself and his partner's back office, as the table service
// shows seats (live.Viewer.SeesPlayerID). Anyone else sees his display name
// and his standing only (issue 11: standings gave every entrant's ids,
// table and seat to other partners and their players).
func (v viewer) seesIdentity(partner, player string) bool {
	if v.internal {
		return true
	}
	if v.partner == "" || v.partner != partner {
		return false
	}
	return v.player == "" || v.player == player
}

// anonymous labels an entrant with no display name for a viewer who may
// not see his id: by his line in the standings, which says nothing of who
// he is.
func anonymous(line int) string { return fmt.Sprintf("Entrant %d", line+1) }
