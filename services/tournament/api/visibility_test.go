package api

import (
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"

	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/workflows/tournament"
)

// Every kind of viewer (issue 11, high: standings showed every entrant's
// player id, partner id, table and seat to anyone).
var viewers = []viewerCase{
	{"operator", as(theOperator), []string{"pa-ann", "pa-bob", "pb-cy", "pb-dee", "pc-eve"}},
	{"service", as(theService), []string{"pa-ann", "pa-bob", "pb-cy", "pb-dee", "pc-eve"}},
	{"partner pa", as(auth.Principal{Role: auth.RolePartner, PartnerID: "pa", Subject: "pa"}), []string{"pa-ann", "pa-bob"}},
	{"partner pb", as(auth.Principal{Role: auth.RolePartner, PartnerID: "pb", Subject: "pb"}), []string{"pb-cy", "pb-dee"}},
	{"partner without entrants", as(auth.Principal{Role: auth.RolePartner, PartnerID: "pz", Subject: "pz"}), nil},
	// A player sees himself only, not the other players of his partner
	// (as at a table).
	{"player pa-ann", as(auth.Principal{Role: auth.RolePlayer, PartnerID: "pa", PlayerID: "pa-ann"}), []string{"pa-ann"}},
	{"player pb-cy", as(auth.Principal{Role: auth.RolePlayer, PartnerID: "pb", PlayerID: "pb-cy"}), []string{"pb-cy"}},
	// The same player id at another partner is another player.
	{"player pa-ann at partner pb", as(auth.Principal{Role: auth.RolePlayer, PartnerID: "pb", PlayerID: "pa-ann"}), nil},
	{"player without an entry", as(auth.Principal{Role: auth.RolePlayer, PartnerID: "pc", PlayerID: "pc-zed"}), nil},
}

// identities are a tournament's entrants with ids no other field holds, so
// a scan of the whole answer finds any that leaks.
func identities() tournament.Standings {
	st := standings()
	st.Players = []tournament.Standing{
		{Partner: "pa", Player: "pa-ann", Name: "Ann", Status: tournament.Playing, Chips: 21000, Table: "table-7f3a", Seat: 4},
		{Partner: "pa", Player: "pa-bob", Name: "Bob", Status: tournament.Playing, Chips: 9000, Table: "table-7f3a", Seat: 6},
		{Partner: "pb", Player: "pb-cy", Name: "Cy", Status: tournament.Playing, Chips: 15000, Table: "table-9c1d", Seat: 2},
		{Partner: "pb", Player: "pb-dee", Status: tournament.Out, Place: 5},
		{Partner: "pc", Player: "pc-eve", Name: "Eve", Status: tournament.Out, Place: 4, Prize: 5000},
	}
	st.Busts = []tournament.Bust{
		{Partner: "pc", Player: "pc-eve", Place: 4, Start: 800, Table: 2, At: start.Add(time.Hour)},
		{Partner: "pb", Player: "pb-dee", Place: 5, Start: 300, Table: 1, At: start.Add(time.Hour)},
	}
	return st
}

// TestStandingsShowIdentityOnlyToItsOwners: through GetStandings, each
// viewer gets every line with its display name and standing, and the ids,
// table and seat of exactly the entrants he may identify.
func TestStandingsShowIdentityOnlyToItsOwners(t *testing.T) {
	f := coretest.NewTemporal()
	st := identities()
	f.Standings[st.ID] = st
	h := handlerOn(f)
	for _, v := range viewers {
		t.Run(v.name, func(t *testing.T) {
			res, err := h.GetStandings(v.ctx, connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: st.ID}))
			if err != nil {
				t.Fatal(err)
			}
			lines := res.Msg.GetStandings()
			if len(lines) != len(st.Players) {
				t.Fatalf("%d lines for %d entrants", len(lines), len(st.Players))
			}
			sees := map[string]bool{}
			for _, id := range v.sees {
				sees[id] = true
			}
			for i, l := range lines {
				p := st.Players[i]
				// Everyone sees the standing itself.
				if l.GetStatus() != statuses[p.Status] || l.GetChips() != p.Chips || l.GetPlace() != int32(p.Place) || l.GetPrize().GetAmount() != p.Prize {
					t.Errorf("line %d: %v from %+v", i, l, p)
				}
				if sees[p.Player] {
					if l.GetPlayerId() != p.Player || l.GetPartnerId() != p.Partner || l.GetTableId() != p.Table || l.GetSeat() != int32(p.Seat) || l.GetDisplayName() != p.Name {
						t.Errorf("line %d: %v, want %+v in full", i, l, p)
					}
					continue
				}
				if l.GetPlayerId() != "" || l.GetPartnerId() != "" || l.GetTableId() != "" || l.GetSeat() != -1 {
					t.Errorf("line %d shows %s's identity: %v", i, p.Player, l)
				}
				want := p.Name
				if want == "" {
					want = anonymous(i)
				}
				if l.GetDisplayName() != want {
					t.Errorf("line %d: name %q, want %q", i, l.GetDisplayName(), want)
				}
			}
			for i, e := range res.Msg.GetEliminations() {
				b := st.Busts[i]
				if e.GetPlace() != int32(b.Place) || e.GetStartStack() != b.Start {
					t.Errorf("elimination %d: %v", i, e)
				}
				shown := e.GetPlayerId() != "" || e.GetPartnerId() != "" || e.GetTableNumber() != 0
				if shown != sees[b.Player] || shown && (e.GetPlayerId() != b.Player || e.GetTableNumber() != int32(b.Table)) {
					t.Errorf("elimination %d of %s: %v (sees %t)", i, b.Player, e, sees[b.Player])
				}
			}
		})
	}
}

// TestStandingsLeakNoForeignIds is the leak test's standings scan: the
// whole answer, as it goes on the wire, holds no player id, partner id or
// table id of an entrant the viewer may not identify.
func TestStandingsLeakNoForeignIds(t *testing.T) {
	f := coretest.NewTemporal()
	st := identities()
	f.Standings[st.ID] = st
	h := handlerOn(f)
	for _, v := range viewers {
		t.Run(v.name, func(t *testing.T) {
			res, err := h.GetStandings(v.ctx, connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: st.ID}))
			if err != nil {
				t.Fatal(err)
			}
			wire, err := protojson.Marshal(res.Msg)
			if err != nil {
				t.Fatal(err)
			}
			sees := map[string]bool{}
			tables := map[string]bool{}
			for _, p := range st.Players {
				for _, id := range v.sees {
					if id == p.Player {
						sees[p.Player] = true
						tables[p.Table] = true
					}
				}
			}
			for _, p := range st.Players {
				if sees[p.Player] {
					continue
				}
				for _, secret := range []string{p.Player, `"` + p.Partner + `"`, p.Table} {
					if secret == "" || secret == `""` || tables[secret] {
						continue
					}
					// A partner's id may appear for the viewer's own
					// entrants.
					if strings.Contains(secret, `"`) && v.partnerSees(st, strings.Trim(secret, `"`)) {
						continue
					}
					if strings.Contains(string(wire), secret) {
						t.Errorf("%s reaches %s: %s", secret, v.name, wire)
					}
				}
			}
		})
	}
}

// partnerSees reports whether the viewer sees some entrant of partner.
func (v viewerCase) partnerSees(st tournament.Standings, partner string) bool {
	for _, p := range st.Players {
		for _, id := range v.sees {
			if id == p.Player && p.Partner == partner {
				return true
			}
		}
	}
	return false
}

type viewerCase struct {
	name string
	ctx  context.Context
	// sees are the entrants (player ids) whose identity the viewer sees.
	sees []string
}
