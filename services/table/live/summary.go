package live

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// Summary is a table as the lobby lists it.
type Summary struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Game       profile.Game      `json:"game"`
	Structure  betting.Structure `json:"structure"`
	Stakes     profile.Stakes    `json:"stakes"`
	MinBuyIn   int64             `json:"min_buy_in"`
	MaxBuyIn   int64             `json:"max_buy_in"`
	MaxSeats   int               `json:"max_seats"`
	Seated     int               `json:"seated"`
	Waiting    int               `json:"waiting"`
	Status     Status            `json:"status"`
	Profile    string            `json:"profile"`
	Tournament string            `json:"tournament,omitempty"`
	Clock      Clock             `json:"clock"`
	Hands      uint64            `json:"hands"`
	Version    uint64            `json:"version"`
}

// Summarize returns the table's lobby entry.
func (t *Table) Summarize() Summary {
	r := t.Rules()
	return Summary{ID: t.Config.ID, Name: t.Config.Name, Game: r.Game, Structure: r.Structure, Stakes: r.Stakes,
		MinBuyIn: t.Config.MinBuyIn, MaxBuyIn: t.Config.MaxBuyIn, MaxSeats: r.MaxSeats, Seated: t.Seated(),
		Waiting: len(t.Waiting), Status: t.Status, Profile: r.Profile, Tournament: t.Config.Tournament,
		Clock: t.Config.Clock, Hands: t.HandNo, Version: t.Version}
}
