package house

import (
	"slices"
	"time"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// What a viewer may see is decided here and nowhere else:
//
//   - a private event (Player set: his settlement, refunds, choices,
//     payments, failed stakes) goes to that player and internal viewers
//     only;
//   - a public event goes to everyone, but another player's bets only as
//     counts and totals, and his player id only to those who may see it
//     (game.Viewer.SeesPlayerID); his name stays;
//   - the RNG's draw for the open round (Draw.Pocket, Draw.Label) is in
//     no event and no view before the round's result: only its outcome id
//     and commitment are, for the fairness proof.

// For returns the event as v may see it, and false when v may not see it
// at all.
func (e Event) For(v game.Viewer) (Event, bool) {
	if e.Player != "" {
		return e, v.Internal || v.Player == e.Player
	}
	if e.Kind == EvMove {
		// Moves are public, as the felt is; only ids are filtered.
		if !v.SeesPlayerID(e.Who) {
			e.Who = ""
		}
		return forMove(e, v), true
	}
	if e.Who == "" || v.Internal || v.Player == e.Who {
		return e, true
	}
	// Another player's bets: counts and totals only.
	e.Bets, e.Lines, e.Carried, e.Hold = nil, nil, nil, ""
	if !v.SeesPlayerID(e.Who) {
		e.Who = ""
	}
	return e, true
}

// View is the table as one viewer may see it.
type View struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Game     string        `json:"game"`
	Profile  string        `json:"profile"`
	Source   Source        `json:"source"`
	Currency string        `json:"currency"`
	Min      int64         `json:"min"`
	Max      int64         `json:"max,omitempty"`
	MaxBets  int           `json:"max_bets"`
	Window   time.Duration `json:"window"`
	Pause    time.Duration `json:"pause"`
	Status   Status        `json:"status"`
	// Frozen: the table is held for review; Review says why (internal
	// viewers only).
	Frozen bool   `json:"frozen,omitempty"`
	Review string `json:"review,omitempty"`
	// The current round: its number, phase and times, the RNG draw's
	// public part, and once reported its spin and outcome.
	Round      int64         `json:"round"`
	Phase      string        `json:"phase,omitempty"`
	Opened     int64         `json:"opened,omitempty"`
	ClosesAt   int64         `json:"closes_at,omitempty"`
	Commitment []byte        `json:"commitment,omitempty"`
	Outcome    string        `json:"outcome,omitempty"`
	Spin       *SpinView     `json:"spin,omitempty"`
	Verdict    round.Verdict `json:"verdict,omitempty"`
	Winner     string        `json:"winner,omitempty"`
	Reason     string        `json:"reason,omitempty"`
	// Players joined; Bettors, BetCount and Staked are the round's bets
	// in play, aggregated.
	Players  int   `json:"players"`
	Bettors  int   `json:"bettors"`
	BetCount int   `json:"bet_count"`
	Staked   int64 `json:"staked"`
	// The viewer's own part (every player's for internal viewers): his
	// bets in the round, cancelled and carried ones, his void choice and
	// his totals.
	Joined bool   `json:"joined,omitempty"`
	You    string `json:"you,omitempty"`
	// Key is the viewer's player key ("" for others).
	Key       string      `json:"key,omitempty"`
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	Carried   []round.Bet `json:"carried,omitempty"`
	Choice    string      `json:"choice,omitempty"`
	Sums      []Sum       `json:"sums,omitempty"`
	// Last are the last rounds' results, newest last.
	Last    []Result `json:"last,omitempty"`
	Version uint64   `json:"version"`
	// Blackjack is a blackjack table's round: boxes, cards, the turn, the
	// viewer's legal moves, the shoes' records.
	Blackjack *BlackjackView `json:"blackjack,omitempty"`
	// Poker is a casino poker table's round: the felt with the cards the
	// viewer may see, his legal moves, the decks' records.
	Poker *PokerView `json:"poker,omitempty"`
}

// View is the table as v may see it.
func (t *Table) View(v game.Viewer) View {
	c := &t.Config
	e := t.engine()
	lim := e.limit()
	out := View{ID: c.ID, Name: c.Name, Game: c.Game, Profile: c.Profile, Source: c.Source, Currency: c.Currency,
		Min: lim.Min, Max: lim.Max, MaxBets: c.MaxBets, Window: c.Window, Pause: c.Pause, Status: t.Status,
		Frozen: t.Review != "", Round: e.round(), Phase: phaseName(e.phase()), Opened: t.Opened,
		Players: len(t.Players), Last: slices.Clone(t.Results), Version: t.Version}
	if v.Internal {
		out.Review = t.Review
	}
	if e.phase() == round.Betting {
		out.ClosesAt = t.ClosesAt
	}
	if d := t.Draw; d != nil {
		out.Commitment, out.Outcome = slices.Clone(d.Commitment), d.Outcome
	}
	// Only a reported spin is shown: an rng round has none before its
	// result.
	if spins := e.spins(); len(spins) > 0 {
		sp := spins[len(spins)-1]
		out.Spin = &sp
	}
	if e.phase().Over() {
		out.Verdict, out.Winner, out.Reason = e.outcome()
	}
	live := e.bets()
	if !e.phase().Over() {
		out.Bettors, out.BetCount, out.Staked = aggregate(live)
	}
	mine := func(who string) bool { return v.Internal || (v.Player != "" && who == v.Player) }
	pick := func(bets []round.Bet) []round.Bet {
		var own []round.Bet
		for _, b := range bets {
			if mine(b.Player) {
				own = append(own, b)
			}
		}
		return own
	}
	out.Bets, out.Cancelled, out.Carried = pick(live), pick(e.cancelled()), pick(e.carried())
	for _, s := range t.Sums {
		if mine(s.Player) {
			out.Sums = append(out.Sums, s)
		}
	}
	if p := t.Players[v.Player]; p != nil && v.Player != "" {
		out.Joined, out.You, out.Key = true, p.Name, v.Player
		out.Choice = e.choice(v.Player)
	}
	out.Blackjack = t.blackjackView(v)
	out.Poker = t.pokerView(v)
	return out
}

// phaseName is a phase's name, "" before the first round.
func phaseName(p round.Phase) string {
	if p == 0 {
		return ""
	}
	return p.String()
}

// PlayerBets are the bets of who with the given ids in the round now in
// play, as placed (canonical spots), in the order asked: what a replayed
// placement is answered with.
func (t *Table) PlayerBets(who string, ids []string) []round.Bet {
	var out []round.Bet
	bets := t.engine().bets()
	for _, id := range ids {
		for _, b := range bets {
			if b.Player == who && b.ID == id {
				out = append(out, b)
				break
			}
		}
	}
	return out
}
