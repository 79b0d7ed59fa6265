package russianpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// CommandKind names a command.
type CommandKind uint8

// Commands; the comment says what each carries.
const (
	// CmdOpen opens the next round for bets. It is the only round command
	// a zero State takes (a shuffle comes any time no round's cards are
	// out).
	CmdOpen CommandKind = iota + 1
	// CmdPlace: Player's batch of Bets, placed all or none, each on a
	// box's Ante or Royal Bonus ("box:3/ante", "box:3/royal_bonus"; a bet
	// without a spot is an Ante on the command's Box). A box takes up to
	// Rules.Bettors players, its owner the first (§2.5); a player's new bet
	// on a spot replaces his old.
	CmdPlace
	// CmdCancel: Player's bets BetIDs, while bets are open.
	CmdCancel
	// CmdClose: no more bets; the deal begins (§3.10, §3.18).
	CmdClose
	// CmdShuffle: a newly shuffled deck (§3.1: before every round), any
	// time no round's cards are out.
	CmdShuffle
	// CmdCard: the next Card from the deck, at its position Pos (from 1
	// since the shuffle; 0 is the next). It goes where State.Next says;
	// the same position again with the same card is a replay.
	CmdCard
	// CmdDecide: Player's Action for Box, for the wait Seq (0: the
	// current): in its turn pass, bet (with Insurance, if any), exchange
	// (Cards, the discards) or buy a sixth card, on the dealer's no game
	// stop or buy. Amount, if given, must be what the action costs: the
	// Bet's 2 × Ante, an improvement's or a buy's one Ante.
	CmdDecide
	// CmdTimeout: the clock decides for the box whose decision the wait
	// Seq (0: the current) awaits: it passes, or stops on the dealer's no
	// game, the choices that put no more money in.
	CmdTimeout
	// CmdVoid: the operator voids the round for Reason, which he must
	// give (round.CheckVoidReason): every stake still in play is refunded.
	CmdVoid
)

var commandNames = round.Enum[CommandKind]{Type: "command", Names: []string{
	"", "open", "place", "cancel", "close", "shuffle", "card", "decide", "timeout", "void",
}}

func (k CommandKind) String() string { return commandNames.String(k) }

// MarshalText writes the name.
func (k CommandKind) MarshalText() ([]byte, error) { return commandNames.Text(k) }

// UnmarshalText reads a name.
func (k *CommandKind) UnmarshalText(b []byte) error { return commandNames.Parse(b, k) }

// Command is one input to a table's round.
type Command struct {
	Kind CommandKind `json:"kind"`
	// Round, when set, is the round the command is for (round.CheckRound).
	Round  int64  `json:"round,omitempty"`
	Player string `json:"player,omitempty"`
	Box    int    `json:"box,omitempty"`
	// Bets are a placement's; BetIDs a cancel's.
	Bets   []round.Bet `json:"bets,omitempty"`
	BetIDs []string    `json:"bet_ids,omitempty"`
	// Card and Pos are a card's.
	Card card.Card `json:"card,omitempty"`
	Pos  int       `json:"pos,omitempty"`
	// Action, Amount, Insurance (a Bet's) and Cards (an exchange's
	// discards) are a decision's, Seq its wait's (and a timeout's).
	Action    Action      `json:"action,omitempty"`
	Amount    int64       `json:"amount,omitempty"`
	Insurance int64       `json:"insurance,omitempty"`
	Cards     []card.Card `json:"cards,omitempty"`
	Seq       int         `json:"seq,omitempty"`
	Reason    string      `json:"reason,omitempty"`
}

// Reasons of the refusals only the casino poker games have; the others
// are package round's.
const (
	// ReasonBoxTaken: the box has as many players as it takes (§2.5).
	ReasonBoxTaken = boxes.ReasonBoxTaken
	// ReasonNoAnte: a Royal Bonus without the player's Ante on the box.
	ReasonNoAnte = boxes.ReasonNoAnte
	// ReasonNoRoyalBonus: a Royal Bonus on a table without its paytable.
	ReasonNoRoyalBonus = "NO_ROYAL_BONUS"
	// ReasonBadCard: not a card.
	ReasonBadCard = deck.ReasonBadCard
	// ReasonBadPosition: a deck position neither next nor already dealt
	// in the round.
	ReasonBadPosition = deck.ReasonBadPosition
	// ReasonCardConflict: a position dealt already, reported with another
	// card.
	ReasonCardConflict = deck.ReasonCardConflict
	// ReasonCardNotInShoe: the deck has given the card already.
	ReasonCardNotInShoe = deck.ReasonCardNotInShoe
	// ReasonNoCardDue: no card is due.
	ReasonNoCardDue = deck.ReasonNoCardDue
	// ReasonShuffleDue: the deck must be shuffled before the next card.
	ReasonShuffleDue = deck.ReasonShuffleDue
	// ReasonBadShuffle: a shuffle while the round's cards are out.
	ReasonBadShuffle = deck.ReasonBadShuffle
	// ReasonBadDiscard: an exchange of cards not the box's, or of none,
	// or of more than five (§3.22).
	ReasonBadDiscard = fivecard.ReasonBadDiscard
	// ReasonNoInsurance: an insurance on a hand below three of a kind
	// (§3.29).
	ReasonNoInsurance = "NO_INSURANCE"
	// ReasonUnknownBox: the box is not in play.
	ReasonUnknownBox = "UNKNOWN_BOX"
	// ReasonNotBoxOwner: only the box's owner decides for it (§2.5).
	ReasonNotBoxOwner = "NOT_BOX_OWNER"
	// ReasonNotYourTurn: the box named is not the one deciding.
	ReasonNotYourTurn = "NOT_YOUR_TURN"
	// ReasonNoDecisionDue: nothing waits for a decision.
	ReasonNoDecisionDue = "NO_DECISION_DUE"
	// ReasonAlreadyDecided: another decision for a box that has decided.
	ReasonAlreadyDecided = "ALREADY_DECIDED"
	// ReasonStaleTurn: the command names a wait other than the current
	// and is not a replay of what was done in it.
	ReasonStaleTurn = boxes.ReasonStaleTurn
	// ReasonActionNotAllowed: an action the box may not take now (a
	// second improvement, a buy in the turn, a pass on the dealer's no
	// game).
	ReasonActionNotAllowed = "ACTION_NOT_ALLOWED"
	// ReasonBadAmount: an amount other than what the action costs, an
	// insurance outside 1 × Ante to the hand's payout (§3.30, §3.33).
	ReasonBadAmount = "BAD_AMOUNT"
)

// Apply applies one command to the round in s and returns what happened.
// A refused command returns an *apierr.Error with a stable reason and
// leaves s exactly as it was; a repeated one (a replayed placement, a
// second close, a card at a position dealt already) returns no events and
// no error. The events and their slices are the caller's own.
func Apply(r Rules, s *State, c Command) ([]Event, error) {
	if replay, err := round.CheckRound(c.Kind, c.Kind == CmdOpen, c.Round, s.Round); replay || err != nil {
		return nil, err
	}
	var evs []Event
	var err error
	switch c.Kind {
	case CmdOpen:
		evs, err = s.open(&r)
	case CmdPlace:
		evs, err = s.place(&r, &c)
	case CmdCancel:
		evs, err = s.cancel(&r, &c)
	case CmdClose:
		evs, err = s.close(&r)
	case CmdShuffle:
		evs, err = s.shuffle(&r)
	case CmdCard:
		evs, err = s.card(&r, &c)
	case CmdDecide:
		evs, err = s.decide(&r, &c)
	case CmdTimeout:
		evs, err = s.timeout(&r, &c)
	case CmdVoid:
		evs, err = s.void(&r, c.Reason)
	default:
		err = apierr.Invalid(round.ReasonUnknownCommand, "unknown command %d", c.Kind)
	}
	if err != nil {
		return nil, err
	}
	// Every command that changes the state leaves State.Next its next():
	// card trusts it, and the property run checks it.
	s.Next = s.next(&r)
	// An event's Lines and Cards are views of the state's, which the next
	// command may change: each gets its own.
	for i := range evs {
		e := &evs[i]
		e.Round = s.Round
		e.Lines, e.Cards = slices.Clone(e.Lines), slices.Clone(e.Cards)
	}
	return evs, nil
}

// wrongPhase refuses a command the round's phase does not allow, with
// the reason the phase gives (round.Phase.Refuse).
func (s *State) wrongPhase(what string) error { return s.Phase.Refuse(what, s.Round) }

// open starts the next round. The deck carries over: shuffled before the
// round, or to be shuffled once its bets are closed. State's slices are
// reused from round to round, so a caller keeps a Clone of a state, never
// a copy.
func (s *State) open(_ *Rules) ([]Event, error) {
	if s.Phase != 0 && !s.Phase.Over() {
		return nil, apierr.Precondition(round.ReasonRoundRunning, "round %d is %s", s.Round, s.Phase)
	}
	s.Round++
	s.Phase, s.Stage = round.Betting, 0
	s.Bets, s.Cancelled, s.Boxes = s.Bets[:0], s.Cancelled[:0], s.Boxes[:0]
	s.Dealer, s.Replaced, s.DealerShown = s.Dealer[:0], s.Replaced[:0], false
	// The round's waits count from 1, so that a command naming none (0)
	// is never taken for one naming the first.
	s.Turn, s.Reason = Turn{Seq: 1}, ""
	s.Deals, s.Decisions, s.Lines = s.Deals[:0], s.Decisions[:0], s.Lines[:0]
	return []Event{{Kind: EvOpened}}, nil
}

// close ends the betting and lays out the boxes in play, each with its
// player's Ante and Royal Bonus. A round nobody bet in is settled at
// once, with no lines.
func (s *State) close(_ *Rules) ([]Event, error) {
	switch s.Phase {
	case round.Closed:
		return nil, nil
	case round.Betting:
	default:
		return nil, s.wrongPhase("close")
	}
	s.Phase = round.Closed
	evs := []Event{{Kind: EvClosed}}
	s.layBoxes()
	if len(s.Boxes) == 0 {
		s.Phase = round.Settled
		return append(evs, Event{Kind: EvSettled}), nil
	}
	s.Stage = Dealing
	return evs, nil
}

// layBoxes makes the boxes in play from the bets, in number order, each
// with its bettors in the order of their Antes, the owner first (§2.5).
func (s *State) layBoxes() {
	for n := 1; n <= MaxBoxes; n++ {
		box := Box{N: n}
		for _, a := range s.Bets {
			if a.Spot != Spot(n, BetAnte) {
				continue
			}
			t := Bettor{Player: a.Player, AnteID: a.ID, Ante: a.Amount}
			if j := slices.IndexFunc(s.Bets, func(b round.Bet) bool { return b.Player == a.Player && b.Spot == Spot(n, BetRoyalBonus) }); j >= 0 {
				t.BonusID, t.RoyalBonus = s.Bets[j].ID, s.Bets[j].Amount
			}
			box.Bettors = append(box.Bettors, t)
		}
		if len(box.Bettors) > 0 {
			s.Boxes = append(s.Boxes, box)
		}
	}
}

// void is the operator voiding the round: every stake still in play is
// refunded. The lines made before (a pass, a fee, a stop, the reveal's)
// stand: a line once made has moved its money.
func (s *State) void(_ *Rules, reason string) ([]Event, error) {
	if err := round.CheckVoidReason(reason); err != nil {
		return nil, err
	}
	switch s.Phase {
	case round.Voided:
		return nil, nil
	case round.Betting, round.Closed:
	default:
		return nil, s.wrongPhase("void")
	}
	from := len(s.Lines)
	if s.Phase == round.Betting {
		for _, b := range s.Bets {
			s.Lines = append(s.Lines, round.Refund(b))
		}
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		for j := range b.Bettors {
			t := &b.Bettors[j]
			s.line(b, t, BetAnte, t.Ante, pushed)
			s.line(b, t, BetBet, t.Bet, pushed)
			s.bonus(b, t, pushed)
			s.insurance(b, t, pushed)
		}
		b.Settled = true
	}
	s.end(round.Voided)
	s.Reason = reason
	return []Event{{Kind: EvVoided, Reason: reason, Lines: s.Lines[from:]}}, nil
}

// end ends the round: its phase, no stage, no wait; the deck, once the
// round has drawn from it, is to be shuffled before the next (§3.1).
func (s *State) end(p round.Phase) {
	s.Phase, s.Stage = p, 0
	s.Turn = Turn{Seq: s.Turn.Seq}
	s.Shoe.End()
}
