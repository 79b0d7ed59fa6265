package house

import (
	"encoding/json"
	"time"

	"github.com/croupier/croupier/services/table/game"
)

// Summary is a table as the lobby lists it.
type Summary struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Game     string `json:"game"`
	Profile  string `json:"profile"`
	Source   Source `json:"source"`
	Currency string `json:"currency"`
	// MinStake and MaxStake are the table sign's limits of a player's
	// stakes in a round (MaxStake 0: none).
	MinStake int64         `json:"min_stake"`
	MaxStake int64         `json:"max_stake,omitempty"`
	Players  int           `json:"players"`
	Status   Status        `json:"status"`
	Round    int64         `json:"round"`
	Phase    string        `json:"phase,omitempty"`
	Window   time.Duration `json:"window"`
	// Last are the last rounds' winners, newest last ("" for a round
	// voided before its spin).
	Last []string `json:"last,omitempty"`
	// RTP is the table's return to player (Config.RTP's table figure).
	RTP *Return `json:"rtp,omitempty"`
}

// Summarize returns the table's lobby entry.
func (t *Table) Summarize() Summary {
	c := &t.Config
	e := t.engine()
	lim := e.limit()
	s := Summary{ID: c.ID, Name: c.Name, Game: c.Game, Profile: c.Profile, Source: c.Source, Currency: c.Currency,
		MinStake: lim.Min, MaxStake: lim.Max, Players: len(t.Players), Status: t.Status, Round: e.round(),
		Phase: phaseName(e.phase()), Window: c.Window}
	if c.RTP != nil {
		rtp := c.RTP.Table
		s.RTP = &rtp
	}
	from := max(0, len(t.Results)-MaxRecent)
	for _, r := range t.Results[from:] {
		s.Last = append(s.Last, r.Winner)
	}
	return s
}

// Lobby is the table's lobby entry (a Summary, tagged game.Round), or
// false once the table has closed.
func (t *Table) Lobby() ([]byte, bool) {
	if t.Status == Closed {
		return nil, false
	}
	data, err := json.Marshal(t.Summarize())
	if err != nil {
		return nil, false
	}
	return game.Tagged(game.Round, data), true
}
