package house

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// A card game's round goes on after "no more bets" move by move
// (CmdPlay): the players' decisions, the clock's timeouts, and the cards.
// At an rng table the cards come from the RNG's shoe the table holds
// sealed (Shoe): whenever the engine says where the next card goes, the
// table deals it itself in the same command, so a player's hit and its
// card are one commit. At a dealer table each card is the dealer
// console's report (the shoe reader), which the engine checks against
// the shoe it has counted.

// Reasons of moves the table refuses itself.
const (
	// ReasonBadMove: a move without its game's command, or one the sender
	// may not make (a player dealing a card, the dealer deciding).
	ReasonBadMove = "BAD_MOVE"
	// ReasonNotDue: a timeout before the decision clock has run out.
	ReasonNotDue = "NOT_DUE"
	// ReasonBadShoe: an rng shuffle whose shoe is not the table's decks.
	ReasonBadShoe = "BAD_SHOE"
)

// MaxShoes is how many shoes' public records a table keeps.
const MaxShoes = 20

// Shoe is an rng card table's shoe: the RNG service's shuffle, its
// cards top first, and how many the table has taken. Sealed: it is in
// the snapshot only (as Draw), never in an event or a view.
type Shoe struct {
	// N numbers the table's shoes from 1 (set by the table).
	N          int64       `json:"n,omitempty"`
	Outcome    string      `json:"outcome"`
	Commitment []byte      `json:"commitment"`
	Cards      []card.Card `json:"cards"`
	// Marker is the reshuffle marker: the cards before it (the RNG's cut
	// card position). The round in which it comes out is the shoe's last
	// (ru §5.2; cz §6.9).
	Marker int `json:"marker"`
	// Next is how many cards the table has taken from it.
	Next int `json:"next,omitempty"`
}

// ShoeRecord is a shoe as everyone may know it: the RNG's outcome id and
// commitment from the start (the fairness proof: the shoe is revealed by
// the RNG once it has ended), the rounds it served and the cards dealt.
type ShoeRecord struct {
	N          int64  `json:"n"`
	Outcome    string `json:"outcome"`
	Commitment []byte `json:"commitment"`
	Cards      int    `json:"cards"`
	FirstRound int64  `json:"first_round,omitempty"`
	LastRound  int64  `json:"last_round,omitempty"`
	Dealt      int    `json:"dealt,omitempty"`
	Ended      bool   `json:"ended,omitempty"`
}

// move is a card game's command as the table checks it: what kind of
// move it is (who may send it), and the engine's command itself (cmd,
// the game's Command type), the sender's key set as its player.
type move struct {
	role moveRole
	// name is the engine's command name, for messages; box the box it is
	// for (a player's move); seq the wait a timeout is for.
	name string
	box  int
	// player is a player's move's sender, its engine command's player.
	player string
	cmd    any
}

// moveRole says who may send a move.
type moveRole uint8

// Move roles.
const (
	// rolePlayer: a player's decision for himself.
	rolePlayer moveRole = iota + 1
	// roleTimeout: the clock's default for a decision whose time ran out.
	roleTimeout
	// roleDealer: a dealer table's console: a card, a burn, the marker.
	roleDealer
	// roleShuffle: a new shoe: the RNG's at an rng table, the dealer's
	// at a dealer table.
	roleShuffle
	// roleChange: a dealer change (a dealer table's, or an operator's).
	roleChange
	// roleOther: a command with a command of its own (a bet, no more
	// bets, a void), not a move.
	roleOther
)

// move is the engine command a CmdPlay carries, checked for its sender:
// a player's own decision (his key becomes the command's player), the
// clock's timeout, the dealer's cards, a shuffle, a dealer change.
func (t *Table) move(c *Command) (move, error) {
	g := t.cards()
	if g == nil {
		return move{}, apierr.Invalid(ReasonUnsupported, "the table's game (%s) has no moves", t.Config.Game)
	}
	m, err := g.command(c)
	if err != nil {
		return m, err
	}
	rng := t.Config.Source == ResultRNG
	switch {
	case m.role == rolePlayer:
		if c.Who == "" || t.Players[c.Who] == nil {
			return m, apierr.Precondition(ReasonNotJoined, "%s has not joined the table", c.Who)
		}
	case c.Who != "":
		return m, apierr.Invalid(ReasonBadMove, "a player does not make a %s move", m.name)
	case m.role == roleTimeout:
		if at := t.Deadline(); at == 0 || c.At < at {
			return m, apierr.Precondition(ReasonNotDue, "no decision is due before %d", at)
		}
	case m.role == roleDealer && rng:
		return m, apierr.Invalid(ReasonRNGTable, "an rng table deals from the RNG's shoe: it takes no %s", m.name)
	case m.role == roleShuffle && rng != (c.Shoe != nil):
		return m, apierr.Invalid(ReasonBadShoe, "an rng table's shuffle carries the RNG's shoe, a dealer table's none")
	case m.role == roleShuffle && rng:
		if err := t.checkShoe(c.Shoe, g.decks()); err != nil {
			return m, err
		}
	case m.role == roleDealer, m.role == roleShuffle, m.role == roleChange:
	default:
		return m, apierr.Invalid(ReasonBadMove, "%s is not a move (it has its own command)", m.name)
	}
	return m, nil
}

// checkShoe checks the RNG's shoe: the table's decks, each card as often
// as they hold it.
func (t *Table) checkShoe(s *Shoe, decks int) error {
	var seen [card.NumCards]int
	for _, c := range s.Cards {
		if int(c) >= card.NumCards {
			return apierr.Invalid(ReasonBadShoe, "card %d is not a card", c)
		}
		seen[c]++
	}
	for c, n := range seen {
		if n != decks {
			return apierr.Invalid(ReasonBadShoe, "%s is %d times in a shoe of %d decks", card.Card(c), n, decks)
		}
	}
	if s.Outcome == "" || len(s.Commitment) == 0 {
		return apierr.Invalid(ReasonBadShoe, "a shoe has its outcome id and commitment")
	}
	return nil
}

// PlayStake is what a move puts into the escrow from its player's
// account (insurance, a double, a split, a co-bettor's follow, a Call, a
// Play), changing nothing: the service holds it in the wallet before it
// commits the move, as it does a placement's stakes. It returns the
// engine's refusal of a move that would be refused.
func (t *Table) PlayStake(c *Command) (int64, error) {
	m, err := t.move(c)
	if err != nil || m.role != rolePlayer {
		return 0, err
	}
	return t.cards().stake(m)
}

// play applies a move. Money a player's move puts in comes with its
// wallet hold (Hold, for exactly PlayStake), posted into the escrow at
// once: betting is over.
func (a *applier) play() error {
	t, c := a.t, a.c
	m, err := t.move(c)
	if err != nil {
		return err
	}
	var extra int64
	if m.role == rolePlayer {
		if extra, err = t.PlayStake(c); err != nil {
			return err
		}
		switch {
		case extra > 0 && c.Hold == "":
			return apierr.Invalid(ReasonNoHold, "the %s puts %d in: it comes with the wallet hold of it", m.name, extra)
		case extra > 0 && t.HasHold(c.Hold):
			return apierr.Conflict(ReasonHoldReused, "hold %s holds another stake", c.Hold)
		case c.Amount != extra:
			return apierr.Invalid(ReasonBadAmount, "hold of %d for a %s that puts in %d", c.Amount, m.name, extra)
		}
	}
	if m.role == roleShuffle && c.Shoe != nil {
		a.newShoe(c.Shoe)
	}
	g := t.cards()
	n := g.round()
	hs, err := g.play(m)
	if err != nil {
		return err
	}
	if len(hs) == 0 && m.role != roleShuffle {
		a.replay = true // the engine took it as a repeat
		return nil
	}
	if extra > 0 {
		a.stake(g, m, extra)
	}
	return a.moves(n, hs)
}

// stake records a move's stake, held for the player, and its post.
func (a *applier) stake(g cardGame, m move, amount int64) {
	t, c := a.t, a.c
	p := t.Players[c.Who]
	n := t.Round()
	var ids []string
	for _, b := range g.bets() {
		if b.Player == c.Who && g.onBox(b, m.box) {
			ids = append(ids, b.ID)
		}
	}
	t.Stakes = append(t.Stakes, Stake{Hold: c.Hold, Player: c.Who, Account: p.Account, Round: n, BetIDs: ids, Amount: amount, Left: amount, Move: true})
	t.Seq++
	t.Intents = append(t.Intents, Intent{ID: fmt.Sprintf("post:%s:%d", c.Hold, t.Seq), Kind: IntentPost, Player: c.Who, Account: p.Account, Round: n,
		Hold: c.Hold, Amount: amount, Due: c.At})
	a.step.Money = true
}

// newShoe takes the RNG's new shoe: the one before ends (its record says
// so, and the RNG may reveal it), the new one's commitment is public.
func (a *applier) newShoe(s *Shoe) {
	t := a.t
	var n int64 = 1
	if old := t.Shoe; old != nil {
		n = old.N + 1
		a.endShoe()
	}
	sh := *s
	sh.N, sh.Next = n, 0
	sh.Cards, sh.Commitment = slices.Clone(s.Cards), slices.Clone(s.Commitment)
	t.Shoe = &sh
	rec := ShoeRecord{N: n, Outcome: sh.Outcome, Commitment: slices.Clone(sh.Commitment), Cards: len(sh.Cards), FirstRound: t.Round()}
	t.Shoes = append(t.Shoes, rec)
	if len(t.Shoes) > MaxShoes {
		t.Shoes = slices.Delete(t.Shoes, 0, len(t.Shoes)-MaxShoes)
	}
	a.emit(Event{Kind: EvShoe, Shoe: &rec})
}

// endShoe marks the current shoe's record ended.
func (a *applier) endShoe() {
	t := a.t
	if len(t.Shoes) == 0 || t.Shoe == nil || t.Shoes[len(t.Shoes)-1].Ended {
		return
	}
	rec := &t.Shoes[len(t.Shoes)-1]
	rec.Ended, rec.Dealt, rec.LastRound = true, t.Shoe.Next, t.Round()
	// The RNG may reveal it now: no card of it is dealt any more.
	a.step.Outcome = t.Shoe.Outcome
	r := *rec
	a.emit(Event{Kind: EvShoe, Shoe: &r})
}

// moves books and reports what an engine did after "no more bets": the
// moves as they came, lines paid before the end to their players, the
// settlement or the void; the round's end once it is over.
func (a *applier) moves(n int64, hs []happening) error {
	t := a.t
	for _, h := range hs {
		switch h.kind {
		case EvSettled:
			if err := a.settled(n, h); err != nil {
				return err
			}
			continue
		case EvVoided:
			if err := a.voided(n, h, false); err != nil {
				return err
			}
			continue
		case EvOpened, EvPlaced, EvCancelled, EvClosed:
			continue
		}
		if err := a.staked(n, h.bets); err != nil {
			return err
		}
		if len(h.lines) > 0 {
			paid, err := a.book(n, h.lines, false)
			if err != nil {
				return err
			}
			players, by := byPlayer(paid)
			for _, p := range players {
				ls := by[p]
				a.emit(Event{Kind: EvSettled, Player: p, Lines: ls, BetCount: distinctBets(ls), Stake: stakeOf(ls), Paid: paidOf(ls), Won: wonOf(ls), Reason: h.reason})
			}
		}
		a.emit(Event{Kind: EvMove, Who: h.player, Name: t.nameOf(h.player), Blackjack: h.blackjack, Poker: h.poker})
	}
	if t.Phase().Over() {
		a.refundLeft(n)
		return a.endRound(n)
	}
	return nil
}

// staked notes where the engine put the stakes of moves (an insurance,
// a double's or a split's stakes, the owner's and the co-bettors' who
// followed): each on the player's move stake of the round that has no
// spot yet, of the same amount, made when he moved.
func (a *applier) staked(n int64, bets []round.Bet) error {
	t := a.t
	free := func(player string, amount int64) int {
		return slices.IndexFunc(t.Stakes, func(s Stake) bool {
			return s.Move && s.Round == n && s.Player == player && s.Spot == "" && s.Amount == amount
		})
	}
	done := map[int]bool{}
	for k, b := range bets {
		if done[k] {
			continue
		}
		if i := free(b.Player, b.Amount); i >= 0 {
			t.Stakes[i].Spot = b.Spot
			continue
		}
		// One move that staked on several spots (a Bet and its
		// insurance): its stake is theirs together.
		var sum int64
		var spots []string
		for j := k; j < len(bets); j++ {
			if o := bets[j]; o.Player == b.Player {
				sum, spots, done[j] = sum+o.Amount, append(spots, o.Spot), true
			}
		}
		i := free(b.Player, sum)
		if i < 0 || len(spots) < 2 {
			return internal("round %d: %s's stake of %d on %s, which no move of his holds", n, b.Player, b.Amount, b.Spot)
		}
		t.Stakes[i].Spot, t.Stakes[i].Spots = spots[0], spots[1:]
	}
	return nil
}

// refundLeft returns to its player what a move's stake holds that the
// engine never took (a double or split voided before the co-bettors
// answered): at the round's end no stake of it keeps money.
func (a *applier) refundLeft(n int64) {
	t := a.t
	for i := range t.Stakes {
		s := &t.Stakes[i]
		if s.Round != n || s.Left <= 0 || !s.Move {
			continue
		}
		p := Part{Round: n, Returned: s.Left}
		s.Left = 0
		switch {
		case s.Failed:
		case !s.Posted:
			s.hold(p)
		default:
			a.credit(s.Player, s.Account, p, false)
		}
		a.emit(Event{Kind: EvRefunded, Player: s.Player, Stake: p.Returned, Paid: p.Returned, Hold: s.Hold, Reason: "the move's stake was not taken"})
	}
}

// deal deals from an rng table's shoe while the engine says where the
// next card goes, and tracks the decision clock: a new wait starts it
// again. It runs after every command of a card table.
func (a *applier) deal() error {
	t := a.t
	g := t.cards()
	if g == nil {
		return nil
	}
	for t.Config.Source == ResultRNG && t.Shoe != nil && t.Phase() == round.Closed {
		if deal, _ := g.due(); !deal {
			return a.wait()
		}
		sh := t.Shoe
		if sh.Next >= len(sh.Cards) {
			break
		}
		cd := sh.Cards[sh.Next]
		sh.Next++
		n := t.Round()
		hs, err := g.card(cd)
		if g.notInShoe(err) {
			continue // on the table from before a mid-round shuffle
		}
		if err != nil {
			return internal("dealing card %d of shoe %d: %v", sh.Next, sh.N, err)
		}
		if err := a.moves(n, hs); err != nil {
			return err
		}
	}
	if t.Phase().Over() && g.shoeOver() {
		a.endShoe()
	}
	return a.wait()
}

// wait runs the decision clock: stopped while the round waits for no
// decision (betting, a card from a dealer's shoe, a shuffle), started
// when a wait begins — the engine's wait number moved on, or the round
// waits again after a card or a shuffle. A clock left running from the
// betting or the dealer's deal would give the first decider less than
// his time, or none.
func (a *applier) wait() error {
	t := a.t
	seq, ok := t.cards().wait()
	if !ok {
		t.Waiting = 0
		return nil
	}
	if n := t.Round(); n != t.WaitRound || seq != t.WaitSeq || t.Waiting == 0 {
		t.WaitRound, t.WaitSeq, t.Waiting = n, seq, a.c.At
	}
	return nil
}

// Deadline is when the decision the round waits for is due (Unix ms): 0
// when it waits for none (betting, a card, a shuffle, the round over).
func (t *Table) Deadline() int64 {
	g := t.cards()
	if g == nil || t.Waiting == 0 {
		return 0
	}
	if _, ok := g.wait(); !ok {
		return 0
	}
	return t.Waiting + t.Config.Clock.Milliseconds()
}

// NeedsShoe reports an rng card table whose engine waits for a shuffle:
// the service draws a shoe from the RNG and plays CmdShuffle with it.
func (t *Table) NeedsShoe() bool {
	g := t.cards()
	if g == nil || t.Config.Source != ResultRNG || g.phase() != round.Closed {
		return false
	}
	deal, shuffle := g.due()
	return shuffle || (deal && t.Shoe != nil && t.Shoe.Next >= len(t.Shoe.Cards))
}

// Timeout is the clock's command for the decision the round waits for,
// nil when it waits for none.
func (t *Table) Timeout() *Command {
	g := t.cards()
	if g == nil {
		return nil
	}
	seq, ok := g.wait()
	if !ok {
		return nil
	}
	return g.timeout(t.Round(), seq)
}

// MarkerRange is where a table puts a shoe's reshuffle marker, as the
// cards before it: in the shoe's last quarter, leaving at least the
// rules' MinBehindMarker (ru §4.1.6: 52) behind it.
func MarkerRange(decks, minBehind int) (lo, hi int) {
	size := decks * card.NumCards
	hi = size - max(minBehind, 1)
	return min(size*3/4, hi), hi
}

// ShoeNumber is the number the table's next shoe will have, for the RNG
// shuffle's idempotency key.
func (t *Table) ShoeNumber() int64 {
	if t.Shoe == nil {
		return 1
	}
	return t.Shoe.N + 1
}
