package house

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// IntentKind is a money movement the wallet must carry out.
type IntentKind uint8

// Intent kinds.
const (
	// IntentPost posts a placement's hold into the round escrow.
	IntentPost IntentKind = iota + 1
	// IntentSettle pays a player's settlement of a round: Returned from
	// the escrow to him, Lost from the escrow to the house's revenue, Won
	// from the house bank to him.
	IntentSettle
)

var intentNames = round.Enum[IntentKind]{Type: "intent", Names: []string{"", "post", "settle"}}

func (k IntentKind) String() string { return intentNames.String(k) }

// MarshalText writes the kind's name.
func (k IntentKind) MarshalText() ([]byte, error) { return intentNames.Text(k) }

// UnmarshalText reads a kind's name.
func (k *IntentKind) UnmarshalText(b []byte) error { return intentNames.Parse(b, k) }

// Intent is a money movement recorded in the table before the wallet is
// asked, so that a replica dying half-way leaves a record any other
// replica completes. ID is the wallet's idempotency key,
// "post:<hold>:<seq>" or "settle:<table>:<round>:<player>:<seq>": Seq
// makes it unique, so it is never reused for other content.
type Intent struct {
	ID      string     `json:"id"`
	Kind    IntentKind `json:"kind"`
	Player  string     `json:"player"`
	Account string     `json:"account"`
	// Round is the round placed in (a post) or settled (a settle).
	Round int64  `json:"round"`
	Hold  string `json:"hold,omitempty"`
	// Amount is a post's.
	Amount int64 `json:"amount,omitempty"`
	// Returned, Lost and Won are a settle's.
	Returned int64 `json:"returned,omitempty"`
	Lost     int64 `json:"lost,omitempty"`
	Won      int64 `json:"won,omitempty"`
	// Due is when any replica's clock may carry it out (ms).
	Due int64 `json:"due"`
	// Batch groups the settles of one round's end: up to SettleGroup
	// players' settlements go to the wallet as one atomic batch of
	// transfers whose idempotency key is Batch (the id of the group's
	// first intent, from the table, the round and the player), so that a
	// round of thousands of players is a few dozen wallet transactions on
	// the escrow's account, not thousands. The group is recorded with the
	// intents, so every replica sends the same group under the same key.
	Batch string `json:"batch,omitempty"`
}

// SettleGroup is the most settlements one wallet batch carries: three
// transfers each at most, within the wallet's 100 a batch.
const SettleGroup = 32

// Stake is one placement whose money has not all moved: its hold not yet
// posted, or bets of it not yet settled.
type Stake struct {
	Hold    string `json:"hold"`
	Player  string `json:"player"`
	Account string `json:"account"`
	// Round is the round its bets are in play in: the round placed, or
	// the next when a void spin carried them (the money wheel).
	Round  int64    `json:"round"`
	BetIDs []string `json:"bet_ids"`
	Amount int64    `json:"amount"`
	// Left is the stakes of its bets that no line has settled yet.
	Left int64 `json:"left"`
	// Move: the stake of a move (a card game's insurance, double, split),
	// not of a placement; what of it the engine never took is refunded
	// when the round ends.
	Move bool `json:"move,omitempty"`
	// Spot is where the engine put a move's stake (the line spot of an
	// insurance, a double, a split hand), once it has: lines of that spot
	// settle it.
	Spot string `json:"spot,omitempty"`
	// Spots are the further spots of a move that staked on several at
	// once (Russian poker's Bet and its insurance, ru §3.29).
	Spots []string `json:"spots,omitempty"`
	// Posted: the hold is in the escrow. Failed: it never will be; its
	// bets' lines move no money.
	Posted bool `json:"posted,omitempty"`
	Failed bool `json:"failed,omitempty"`
	// Held are the totals of its lines made before it was posted, which
	// are settled once it is.
	Held []Part `json:"held,omitempty"`
}

// Part is what lines of one round gave a player.
type Part struct {
	Round    int64 `json:"round"`
	Returned int64 `json:"returned,omitempty"`
	Lost     int64 `json:"lost,omitempty"`
	Won      int64 `json:"won,omitempty"`
}

func (p Part) zero() bool { return p.Returned == 0 && p.Lost == 0 && p.Won == 0 }

func (p *Part) add(q Part) {
	p.Returned += q.Returned
	p.Lost += q.Lost
	p.Won += q.Won
}

// Sum is a player's totals in the current round, from one account: the
// lines of his posted stakes. Ended: the round has ended and its settle
// intent is recorded; later lines are settled as they come.
type Sum struct {
	Part
	Player  string `json:"player"`
	Account string `json:"account"`
	Ended   bool   `json:"ended,omitempty"`
}

// betKey is a bet as lines name it.
type betKey struct{ player, id string }

// sumKey is a Sum's or a late settlement's identity.
type sumKey struct {
	round           int64
	player, account string
}

// HasHold reports whether a placement with this hold was committed: its
// stake is at the table, or was settled lately.
func (t *Table) HasHold(hold string) bool {
	return hold != "" && (t.stakeByHold(hold) >= 0 || slices.Contains(t.Holds, hold))
}

func (t *Table) stakeByHold(hold string) int {
	return slices.IndexFunc(t.Stakes, func(s Stake) bool { return s.Hold == hold })
}

// Intent returns the pending intent with id.
func (t *Table) Intent(id string) (Intent, bool) {
	if i := slices.IndexFunc(t.Intents, func(in Intent) bool { return in.ID == id }); i >= 0 {
		return t.Intents[i], true
	}
	return Intent{}, false
}

// Runnable are the intents the wallet may carry out at now: due, and for
// a settle no post of the same player's for that round or an earlier one
// still pending (a stake is in the escrow before it is paid out). They
// come in the order recorded. A frozen or closed table moves no money.
func (t *Table) Runnable(now int64) []Intent {
	if t.Review != "" || t.Status == Closed {
		return nil
	}
	var out []Intent
	t.eachRunnable(func(in Intent) {
		if in.Due <= now {
			out = append(out, in)
		}
	})
	return out
}

// eachRunnable calls f with each intent not waiting for a post: a settle
// waits while a post of the same player's for that round or an earlier
// one is pending, and a settle of a batch while any settle of the batch
// waits (the batch goes to the wallet whole).
func (t *Table) eachRunnable(f func(Intent)) {
	// At a table of thousands the intents are thousands, and this runs
	// for every command (Due): the common cases need no map, posts only
	// (a round's placements) or settles only (its end).
	posts, settles := false, false
	for i := range t.Intents {
		if t.Intents[i].Kind == IntentPost {
			posts = true
		} else {
			settles = true
		}
	}
	if !posts || !settles {
		for _, in := range t.Intents {
			f(in)
		}
		return
	}
	t.eachRunnableSlow(f)
}

// eachRunnableSlow is eachRunnable with posts and settles both pending.
func (t *Table) eachRunnableSlow(f func(Intent)) {
	posts := map[string]int64{} // player → his earliest round with a post pending
	for _, in := range t.Intents {
		if r, ok := posts[in.Player]; in.Kind == IntentPost && (!ok || in.Round < r) {
			posts[in.Player] = in.Round
		}
	}
	waits := func(in Intent) bool {
		r, ok := posts[in.Player]
		return in.Kind == IntentSettle && ok && r <= in.Round
	}
	var blocked map[string]bool
	for _, in := range t.Intents {
		if in.Batch != "" && waits(in) {
			if blocked == nil {
				blocked = map[string]bool{}
			}
			blocked[in.Batch] = true
		}
	}
	for _, in := range t.Intents {
		if waits(in) || (in.Batch != "" && blocked[in.Batch]) {
			continue
		}
		f(in)
	}
}

// stakeIndex maps round n's bets to their placements: the placement
// first, then the stakes of moves on the same bet (a card game's
// insurance, doubles and splits), in the order made.
func (t *Table) stakeIndex(n int64) map[betKey][]int {
	idx := map[betKey][]int{}
	for i, s := range t.Stakes {
		if s.Round == n {
			for _, id := range s.BetIDs {
				k := betKey{s.Player, id}
				idx[k] = append(idx[k], i)
			}
		}
	}
	return idx
}

// stakeFor is the stake of those of a bet (is) a line takes its money
// from: the move's stake the engine put on the line's spot, else the
// placement's.
func (t *Table) stakeFor(is []int, l round.Line) int {
	for _, i := range is {
		if s := &t.Stakes[i]; s.Move && (s.Spot == l.Spot || slices.Contains(s.Spots, l.Spot)) {
			return i
		}
	}
	for _, i := range is {
		if !t.Stakes[i].Move {
			return i
		}
	}
	return is[0]
}

// book takes the lines of round n an engine event carried: each line's
// stake out of its placement, and its money to the player's sums — held
// in the stake until its post is done, none at all if it failed. ended:
// the round ended before this command, so the lines are settled at once.
// It returns the lines that carry money.
func (a *applier) book(n int64, lines []round.Line, ended bool) ([]round.Line, error) {
	t := a.t
	idx := t.stakeIndex(n)
	paid := make([]round.Line, 0, len(lines))
	for _, l := range lines {
		is, ok := idx[betKey{l.Player, l.BetID}]
		if !ok {
			return nil, internal("round %d: a line of %s's bet %s, which no placement holds", n, l.Player, l.BetID)
		}
		s := &t.Stakes[t.stakeFor(is, l)]
		s.Left -= l.Stake
		p := Part{Round: n, Returned: l.Returned, Lost: l.Lost, Won: l.Won}
		switch {
		case s.Failed:
			continue
		case !s.Posted:
			s.hold(p)
		default:
			a.credit(s.Player, s.Account, p, ended)
		}
		paid = append(paid, l)
	}
	return paid, nil
}

// hold keeps a line's totals until the stake is posted.
func (s *Stake) hold(p Part) {
	if n := len(s.Held); n > 0 && s.Held[n-1].Round == p.Round {
		s.Held[n-1].add(p)
		return
	}
	s.Held = append(s.Held, p)
}

// credit adds what lines of round p.Round gave a player to his sums. While
// the round runs, his sums are settled when it ends (endRound); once it
// has ended (ended), they are settled when the command is done (late).
func (a *applier) credit(player, account string, p Part, ended bool) {
	t := a.t
	if p.Round == t.Round() {
		i := a.sumIndex(p.Round, player, account, ended)
		t.Sums[i].add(p)
	}
	if !ended {
		return
	}
	k := sumKey{p.Round, player, account}
	if a.late == nil {
		a.late = map[sumKey]*Part{}
	}
	if q, ok := a.late[k]; ok {
		q.add(p)
		return
	}
	q := p
	a.late[k] = &q
	a.lateOrder = append(a.lateOrder, k)
}

// sumIndex is the index of the player's sum in round n from account,
// added if he has none (ended if the round has).
func (a *applier) sumIndex(n int64, player, account string, ended bool) int {
	t := a.t
	if a.sums == nil {
		a.sums = map[sumKey]int{}
		for i, s := range t.Sums {
			a.sums[sumKey{s.Round, s.Player, s.Account}] = i
		}
	}
	k := sumKey{n, player, account}
	if i, ok := a.sums[k]; ok {
		return i
	}
	t.Sums = append(t.Sums, Sum{Part: Part{Round: n}, Player: player, Account: account, Ended: ended})
	a.sums[k] = len(t.Sums) - 1
	return len(t.Sums) - 1
}

// settleSums records the settle intents of round n as it ends: one per
// player and account whose lines moved money, in batches.
func (a *applier) settleSums(n int64) {
	t := a.t
	from := len(t.Intents)
	for i := range t.Sums {
		s := &t.Sums[i]
		if s.Round == n && !s.Ended {
			s.Ended = true
			a.settle(s.Player, s.Account, s.Part)
		}
	}
	t.batch(from)
}

// settleLate records the settle intents of lines booked after their
// round ended, one per player, round and account, in batches.
func (a *applier) settleLate() {
	t := a.t
	from := len(t.Intents)
	for _, k := range a.lateOrder {
		a.settle(k.player, k.account, *a.late[k])
	}
	t.batch(from)
	a.late, a.lateOrder = nil, nil
}

// batch groups the settle intents recorded from index from on, in order,
// SettleGroup to a batch named after its first intent. A lone settle
// needs no batch.
func (t *Table) batch(from int) {
	ins := t.Intents[from:]
	if len(ins) < 2 {
		return
	}
	for i := range ins {
		first := i - i%SettleGroup
		if len(ins)-first > 1 || i%SettleGroup > 0 {
			ins[i].Batch = ins[first].ID
		}
	}
}

// settle records one settle intent.
func (a *applier) settle(player, account string, p Part) {
	t := a.t
	if p.zero() {
		return
	}
	t.Seq++
	t.Intents = append(t.Intents, Intent{
		ID: fmt.Sprintf("settle:%s:%d:%s:%d", t.Config.ID, p.Round, player, t.Seq), Kind: IntentSettle,
		Player: player, Account: account, Round: p.Round, Returned: p.Returned, Lost: p.Lost, Won: p.Won,
		Due: a.c.At + IntentGrace.Milliseconds(),
	})
	a.step.Money = true
}

// prune drops the placements whose money has all moved, remembering their
// holds.
func (t *Table) prune() {
	t.Stakes = slices.DeleteFunc(t.Stakes, func(s Stake) bool {
		done := (s.Posted || s.Failed) && s.Left == 0 && len(s.Held) == 0
		if done {
			t.Holds = append(t.Holds, s.Hold)
		}
		return done
	})
	if n := len(t.Holds); n > MaxHolds {
		t.Holds = slices.Delete(t.Holds, 0, n-MaxHolds)
	}
}
