package tournament

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Standing is one player's line in the standings.
type Standing struct {
	Partner string `json:"partner"`
	Player  string `json:"player"`
	Name    string `json:"name,omitempty"`
	Status  Status `json:"status"`
	Place   int    `json:"place,omitempty"`
	Chips   int64  `json:"chips"`
	Table   string `json:"table,omitempty"`
	Seat    int    `json:"seat"`
	Prize   int64  `json:"prize,omitempty"`
	Rebuys  int    `json:"rebuys,omitempty"`
	AddOn   bool   `json:"add_on,omitempty"`
	// Reason is why a disqualified player was removed.
	Reason string `json:"reason,omitempty"`
}

// Standings is the tournament as the standings query returns it.
type Standings struct {
	ID              string      `json:"id"`
	Name            string      `json:"name"`
	Terms           terms.Terms `json:"terms"`
	Phase           Phase       `json:"phase"`
	Paused          bool        `json:"paused,omitempty"`
	Level           int         `json:"level"`
	Break           bool        `json:"break,omitempty"`
	Entrants        int         `json:"entrants"`
	Left            int         `json:"left"`
	Money           terms.Money `json:"money"`
	Refunded        terms.Money `json:"refunded"`
	PrizeTotal      int64       `json:"prize_total"`
	Tables          int         `json:"tables"`
	HandForHand     bool        `json:"h4h,omitempty"`
	Moves           int         `json:"moves"`
	MoveTerms       MoveTerms   `json:"move_terms,omitzero"`
	CalledClocks    int         `json:"called_clocks,omitempty"`
	Breaks          int         `json:"breaks"`
	Runs            int         `json:"runs"`
	MaxHistory      int         `json:"max_history"`
	MaxHistoryBytes int         `json:"max_history_bytes"`
	Reason          string      `json:"reason,omitempty"`
	// Busts records every elimination: hand's starting stack, table,
	// place, hand-for-hand round (docs/rules/tournaments.md §21).
	Busts []Bust `json:"busts,omitempty"`
	// DropBoxes is each table's fee total at the start (Γ.6; T9).
	DropBoxes []int64 `json:"drop_boxes,omitempty"`
	// Penalties are the penalties imposed (tournaments.md §19).
	Penalties []Penalty  `json:"penalties,omitempty"`
	Players   []Standing `json:"players"`
	At        time.Time  `json:"at"`
}

// Bust is one player's elimination on record.
type Bust struct {
	Partner string    `json:"partner"`
	Player  string    `json:"player"`
	Place   int       `json:"place"`
	Start   int64     `json:"start"`
	Table   int       `json:"table"`
	Round   int       `json:"round,omitempty"`
	At      time.Time `json:"at"`
}

// standings answers the standings query.
func (r *run) standings(ctx workflow.Context) Standings {
	s := r.s
	st := Standings{ID: s.ID, Name: s.Terms.Name, Terms: s.Terms, Phase: s.Phase, Paused: s.Paused, Level: s.Level, Break: s.Break,
		Entrants: s.Entrants(), Left: s.Left(), Money: s.Money, Refunded: s.Refunded, Tables: len(s.LiveTables()),
		HandForHand: s.H4H, Moves: s.Moves, MoveTerms: s.MoveTerms, CalledClocks: s.CalledClocks, Breaks: s.Breaks, Runs: s.Runs, MaxHistory: s.MaxHistory,
		MaxHistoryBytes: s.MaxHistoryBytes, Reason: s.Reason, Penalties: s.Penalties, At: workflow.Now(ctx)}
	info := workflow.GetInfo(ctx)
	st.MaxHistory = max(st.MaxHistory, info.GetCurrentHistoryLength())
	st.MaxHistoryBytes = max(st.MaxHistoryBytes, info.GetCurrentHistorySize())
	if s.Cancelled && s.Phase != Cancelled {
		st.Reason = "cancelling: " + s.Reason
	}
	for _, p := range s.Players {
		st.PrizeTotal += p.Prize
		if p.Status == "" {
			// A pending registration carried in a state from before
			// registrations entered it only once held.
			continue
		}
		line := Standing{Partner: p.Partner, Player: p.ID, Name: p.Name, Status: p.Status, Place: p.Place, Chips: p.Chips,
			Seat: p.Seat, Prize: p.Prize, Rebuys: p.Rebuys, AddOn: p.AddOn, Reason: p.Why}
		if p.Table >= 0 && p.Table < len(s.Tables) {
			line.Table = s.Tables[p.Table].ID
		}
		st.Players = append(st.Players, line)
	}
	st.DropBoxes = s.DropBoxes
	for _, e := range s.Eliminations {
		for k, i := range e.Players {
			p := s.Players[i]
			st.Busts = append(st.Busts, Bust{Partner: p.Partner, Player: p.ID, Place: e.Places[k], Start: e.Starts[k],
				Table: s.Tables[e.Tables[k]].No, Round: e.Round, At: e.At})
		}
	}
	return st
}
