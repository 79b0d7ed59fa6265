package house

import (
	"fmt"
	"maps"
	"slices"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// RoundID is the id a round's record is kept and read back by.
func RoundID(table string, n int64) string { return fmt.Sprintf("%s-r%d", table, n) }

// Record is a finished round as the table keeps it (game recall, the
// audit, disputes): how it was played, every bet and every line.
type Record struct {
	Table    string            `json:"table"`
	Round    int64             `json:"round"`
	Game     string            `json:"game"`
	Profile  string            `json:"profile"`
	Options  map[string]string `json:"options,omitempty"`
	Source   Source            `json:"source"`
	Currency string            `json:"currency"`
	// Opened, Closed ("no more bets"; 0 for a round voided while betting)
	// and Ended (ms).
	Opened int64 `json:"opened"`
	Closed int64 `json:"closed,omitempty"`
	Ended  int64 `json:"ended"`
	// Draw is the RNG's draw of an rng round, revealed.
	Draw *Draw `json:"draw,omitempty"`
	// Spins are the spins reported, no-spins first.
	Spins   []SpinView    `json:"spins,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	Reason  string        `json:"reason,omitempty"`
	// Bets are the round's bets, Cancelled those taken back, Carried
	// those a void spin kept for the next round; Lines are every line of
	// the round, in order. Failed are the placements that never reached
	// the escrow: their lines moved no money.
	Bets      []round.Bet  `json:"bets,omitempty"`
	Cancelled []round.Bet  `json:"cancelled,omitempty"`
	Carried   []round.Bet  `json:"carried,omitempty"`
	Lines     []round.Line `json:"lines,omitempty"`
	Failed    []Failed     `json:"failed,omitempty"`
	// The public aggregates, over the lines that moved money: players
	// with bets, bets, stakes settled, paid to players, the house's
	// result (lost less won).
	Players  int   `json:"players"`
	BetCount int   `json:"bet_count"`
	Staked   int64 `json:"staked"`
	Paid     int64 `json:"paid"`
	House    int64 `json:"house"`
	// Blackjack is a blackjack round's felt as it ended (boxes, hands,
	// the dealer's cards, every card dealt and decision taken), Shoe the
	// record of the shoe it was dealt from.
	Blackjack *blackjack.State `json:"blackjack,omitempty"`
	Shoe      *ShoeRecord      `json:"shoe,omitempty"`
	// Poker is a casino poker round's felt as it ended, every card with
	// its mark: For leaves out those the viewer may not see (a folded
	// box's face-down cards stay its player's).
	Poker *Felt `json:"poker,omitempty"`
	// Paytable is the table's paytables the round was paid by.
	Paytable []PaytableLine `json:"paytable,omitempty"`
}

// Failed is a placement whose hold never reached the escrow.
type Failed struct {
	Round  int64    `json:"round"`
	Player string   `json:"player"`
	Hold   string   `json:"hold"`
	BetIDs []string `json:"bet_ids"`
	Reason string   `json:"reason"`
}

// For is the record as v may see it: the public aggregates, and the bets
// and lines of the players whose id v may see (his own for a player,
// every one for an internal viewer), and of a casino poker round's
// cards those the rules showed, and the viewer's own box's.
func (r Record) For(v game.Viewer) Record {
	if r.Poker != nil {
		f := r.Poker.For(v)
		r.Poker = &f
	}
	if v.Internal {
		return r
	}
	sees := func(who string) bool { return v.SeesPlayerID(who) }
	r.Bets = keep(r.Bets, func(b round.Bet) bool { return sees(b.Player) })
	r.Cancelled = keep(r.Cancelled, func(b round.Bet) bool { return sees(b.Player) })
	r.Carried = keep(r.Carried, func(b round.Bet) bool { return sees(b.Player) })
	r.Lines = keep(r.Lines, func(l round.Line) bool { return sees(l.Player) })
	r.Failed = keep(r.Failed, func(f Failed) bool { return sees(f.Player) })
	return r
}

// keep is a new slice of the elements of s that f keeps.
func keep[T any](s []T, f func(T) bool) []T {
	var out []T
	for _, x := range s {
		if f(x) {
			out = append(out, x)
		}
	}
	return out
}

// record is the current round's record, as it ends at `at`.
func (t *Table) record(at int64) Record {
	c := &t.Config
	e := t.engine()
	r := Record{Table: c.ID, Round: e.round(), Game: c.Game, Profile: c.Profile, Options: maps.Clone(c.Options), Source: c.Source,
		Currency: c.Currency, Opened: t.Opened, Closed: t.ClosedAt, Ended: at, Spins: e.spins(),
		Bets: slices.Clone(e.bets()), Cancelled: slices.Clone(e.cancelled()), Carried: slices.Clone(e.carried()),
		Lines: slices.Clone(e.lines())}
	r.Verdict, r.Winner, r.Reason = e.outcome()
	if g, ok := e.(pokerGame); ok {
		f := g.felt()
		r.Poker, r.Paytable = &f, c.Paytable()
	}
	if t.Blackjack != nil {
		s := t.Blackjack.Clone()
		r.Blackjack = &s
	}
	if t.cards() != nil {
		if n := len(t.Shoes); n > 0 {
			sh := t.Shoes[n-1]
			r.Shoe = &sh
		}
	}
	if t.Draw != nil {
		d := *t.Draw
		d.Commitment = slices.Clone(d.Commitment)
		r.Draw = &d
	}
	failed := map[betKey]bool{}
	for _, f := range t.Failed {
		if f.Round == r.Round {
			r.Failed = append(r.Failed, f)
			for _, id := range f.BetIDs {
				failed[betKey{f.Player, id}] = true
			}
		}
	}
	players := map[string]bool{}
	for _, set := range [][]round.Bet{r.Bets, r.Cancelled} {
		for _, b := range set {
			if !failed[betKey{b.Player, b.ID}] {
				players[b.Player] = true
				r.BetCount++
			}
		}
	}
	r.Players = len(players)
	for _, l := range r.Lines {
		if !failed[betKey{l.Player, l.BetID}] {
			r.Staked += l.Stake
			r.Paid += l.Paid()
			r.House += l.Lost - l.Won
		}
	}
	return r
}

// Recent are the rounds the player had bets in, the current one included,
// newest last: at most MaxRecent (AGCO Standard 13.1.1, game recall: the
// current game and the last 9). A player who left has none here: his
// records are kept by round id.
func (t *Table) Recent(player string) []int64 {
	if p := t.Players[player]; p != nil {
		return slices.Clone(p.Rounds)
	}
	return nil
}
