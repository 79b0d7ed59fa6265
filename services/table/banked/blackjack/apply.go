package blackjack

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// CommandKind names a command.
type CommandKind uint8

// Commands; the comment says what each carries.
const (
	// CmdOpen opens the next round for bets. It is the only round command
	// a zero State takes (the shoe's commands come any time).
	CmdOpen CommandKind = iota + 1
	// CmdPlace: Player's batch of Bets, placed all or none, each on a box
	// ("box:3"; a bet without a spot is on the command's Box). A player has
	// one bet on a box: a new one replaces his old, keeping its place among
	// the box's bettors. A bet is known by its player and id (round.Book).
	CmdPlace
	// CmdCancel: Player's bets BetIDs, while bets are open.
	CmdCancel
	// CmdClose: no more bets (cz §6.2; ru §4.2); the initial deal begins.
	CmdClose
	// CmdShuffle: a new shoe, Cut where the player cut it (0: none
	// reported) and Marker the cards before the reshuffle marker (0: the
	// dealer will report it, CmdMarker). Between rounds, or in a round
	// whose shoe ran out.
	CmdShuffle
	// CmdBurn: a Card burnt outside the due burns, between rounds.
	CmdBurn
	// CmdDealerChange: a new dealer takes over the shoe (cz §3.7).
	CmdDealerChange
	// CmdMarker: the dealer reports the reshuffle marker came out.
	CmdMarker
	// CmdCard: the next Card from the shoe, at shoe position Pos (from 1
	// since the shuffle; 0 is the next). It goes where State.Next says;
	// the same position again with the same card is a replay.
	CmdCard
	// CmdInsure: Player insures his bet on Box for Amount; Amount 0
	// declines (cz §6.4; ru §3.42–3.46).
	CmdInsure
	// CmdEvenMoney: Player takes even money for his blackjack on Box, or
	// declines it (Decline) (cz §6.4; ru §3.41, §4.1).
	CmdEvenMoney
	// CmdSurrender: Player surrenders his stake on Box (cz §6.6; ru §3.27).
	CmdSurrender
	// CmdDecide: the box owner's Action for Box's Hand (Amount: a
	// double-for-less's), for the wait Seq (0: the current).
	CmdDecide
	// CmdFollow: Player's answer to the owner's double or split of Box's
	// Hand: follows (Amount, 0 for his whole stake) or stays (Decline).
	CmdFollow
	// CmdTimeout: the clock acts for whoever is to decide in the wait Seq
	// (0: the current): the box owner stands, the co-bettors asked to
	// follow stay, the window closes with its offers declined.
	CmdTimeout
	// CmdVoid: the operator voids the round for Reason, which he must give
	// (round.CheckVoidReason); every stake still in play is refunded.
	CmdVoid
)

var commandNames = round.Enum[CommandKind]{Type: "command", Names: []string{
	"", "open", "place", "cancel", "close", "shuffle", "burn", "dealer_change", "marker", "card",
	"insure", "even_money", "surrender", "decide", "follow", "timeout", "void",
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
	Hand   int    `json:"hand,omitempty"`
	// Bets are a placement's; BetIDs a cancel's.
	Bets   []round.Bet `json:"bets,omitempty"`
	BetIDs []string    `json:"bet_ids,omitempty"`
	// Card and Pos are a card's (CmdCard, CmdBurn).
	Card card.Card `json:"card,omitempty"`
	Pos  int       `json:"pos,omitempty"`
	// Action is a decision's; Amount an insurance, a double or a follow's.
	Action  Action `json:"action,omitempty"`
	Amount  int64  `json:"amount,omitempty"`
	Decline bool   `json:"decline,omitempty"`
	Seq     int    `json:"seq,omitempty"`
	// Cut and Marker are a shuffle's.
	Cut    int    `json:"cut,omitempty"`
	Marker int    `json:"marker,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Reasons of the refusals only blackjack has; the others are package
// round's.
const (
	// ReasonBoxFull: the box has its most bettors (cz §2; ru §2.4).
	ReasonBoxFull = "BOX_FULL"
	// ReasonBoxOverMaximum: the box's bets together would be over the
	// table maximum (cz §4; ru §3.8).
	ReasonBoxOverMaximum = "BOX_OVER_MAXIMUM"
	// ReasonBadCard: not a card.
	ReasonBadCard = "BAD_CARD"
	// ReasonBadPosition: a shoe position neither next nor already dealt
	// in the round.
	ReasonBadPosition = "BAD_POSITION"
	// ReasonCardConflict: a position dealt already, reported with another
	// card.
	ReasonCardConflict = "CARD_CONFLICT"
	// ReasonCardNotInShoe: the shoe has given every copy of the card its
	// decks hold.
	ReasonCardNotInShoe = "CARD_NOT_IN_SHOE"
	// ReasonNoCardDue: no card is due (a decision is awaited, or the
	// round is not dealing).
	ReasonNoCardDue = "NO_CARD_DUE"
	// ReasonShuffleDue: the shoe must be shuffled before the next card.
	ReasonShuffleDue = "SHUFFLE_DUE"
	// ReasonBadShuffle: a cut or a marker the rules do not allow (cz §3.3;
	// ru §4.1.3, §4.1.6), or a shuffle while the round's cards are out and
	// the shoe has cards left.
	ReasonBadShuffle = "BAD_SHUFFLE"
	// ReasonUnknownBox: the box is not in play.
	ReasonUnknownBox = "UNKNOWN_BOX"
	// ReasonNotOnBox: the player has no bet on the box.
	ReasonNotOnBox = "NOT_ON_BOX"
	// ReasonNotBoxOwner: only the box owner decides (cz §2, §8; ru §3.18,
	// §3.22).
	ReasonNotBoxOwner = "NOT_BOX_OWNER"
	// ReasonNotYourTurn: the box or hand named is not the one deciding.
	ReasonNotYourTurn = "NOT_YOUR_TURN"
	// ReasonNoDecisionDue: nothing waits for a decision.
	ReasonNoDecisionDue = "NO_DECISION_DUE"
	// ReasonStaleTurn: the command names a wait other than the current
	// and is not a replay of what was done in it.
	ReasonStaleTurn = "STALE_TURN"
	// ReasonWindowOpen: a decision before the pre-play window closed
	// (cz §6.4 before §6.6).
	ReasonWindowOpen = "WINDOW_OPEN"
	// ReasonWindowClosed: insurance, even money or early surrender after
	// the window (ru §3.46).
	ReasonWindowClosed = "WINDOW_CLOSED"
	// ReasonAlreadyAnswered: another answer to what the player answered.
	ReasonAlreadyAnswered = "ALREADY_ANSWERED"
	// ReasonNotOffered: insurance, even money or surrender the situation
	// does not offer the player.
	ReasonNotOffered = "NOT_OFFERED"
	// ReasonActionNotAllowed: a decision the hand may not take.
	ReasonActionNotAllowed = "ACTION_NOT_ALLOWED"
	// ReasonBadAmount: an insurance, double or follow amount out of its
	// range.
	ReasonBadAmount = "BAD_AMOUNT"
	// ReasonNoFollowDue: no double or split waits for the player's answer.
	ReasonNoFollowDue = "NO_FOLLOW_DUE"
)

// Apply applies one command to the round in s and returns what happened.
// A refused command returns an *apierr.Error with a stable reason and
// leaves s exactly as it was; a repeated one (a replayed placement, a
// second close, a card at a position dealt already) returns no events and
// no error. The events and their slices are the caller's own.
func Apply(r Rules, s *State, c Command) ([]Event, error) {
	evs, err := AppendApply(nil, &r, s, &c)
	for i := range evs {
		e := &evs[i]
		e.Bets, e.Lines, e.Order = slices.Clone(e.Bets), slices.Clone(e.Lines), slices.Clone(e.Order)
	}
	return evs, err
}

// AppendApply is Apply for a caller that reads the events at once and
// reuses one buffer for them, as a simulation or a replay of a stored
// round does: it appends the command's events to dst and returns the
// extended slice, dst as it was for a refusal or a replay. The events'
// Bets, Lines and Order are not their own: they share storage with s and
// hold until the next command applied to s. r and c are only read. In
// the steady state (s reused from round to round, dst's capacity enough)
// it allocates nothing.
func AppendApply(dst []Event, r *Rules, s *State, c *Command) ([]Event, error) {
	if c.Round != 0 { // round.CheckRound passes a command naming no round
		if replay, err := round.CheckRound(c.Kind, c.Kind == CmdOpen, c.Round, s.Round); replay || err != nil {
			return dst, err
		}
	}
	s.scratch.reset()
	// Each command's method appends its events to evs. The dispatch is
	// here rather than in a function of its own: a call less for every
	// command, which a simulation feels.
	evs, err := dst, error(nil)
	switch c.Kind {
	case CmdOpen:
		evs, err = s.open(r, evs)
	case CmdPlace:
		evs, err = s.place(r, c, evs)
	case CmdCancel:
		evs, err = s.cancel(r, c, evs)
	case CmdClose:
		evs, err = s.close(r, evs)
	case CmdShuffle:
		evs, err = s.shuffle(r, c, evs)
	case CmdBurn:
		evs, err = s.burn(r, c, evs)
	case CmdDealerChange:
		evs, err = s.dealerChange(r, evs)
	case CmdMarker:
		evs, err = s.marker(r, evs)
	case CmdCard:
		evs, err = s.card(r, c, evs)
	case CmdInsure:
		evs, err = s.insure(r, c, evs)
	case CmdEvenMoney:
		evs, err = s.evenMoney(r, c, evs)
	case CmdSurrender:
		evs, err = s.surrender(r, c, evs)
	case CmdDecide:
		evs, err = s.decide(r, c, evs)
	case CmdFollow:
		evs, err = s.follow(r, c, evs)
	case CmdTimeout:
		evs, err = s.timeout(r, c, evs)
	case CmdVoid:
		evs, err = s.void(r, c.Reason, evs)
	default:
		err = apierr.Invalid(round.ReasonUnknownCommand, "unknown command %d", c.Kind)
	}
	if err != nil {
		return evs[:len(dst)], err
	}
	for i := len(dst); i < len(evs); i++ {
		evs[i].Round = s.Round
	}
	return evs, nil
}

// wrongPhase refuses a command the round's phase does not allow, with
// the reason the phase gives (round.Phase.Refusal).
func (s *State) wrongPhase(what string) error {
	reason := s.Phase.Refusal()
	switch s.Phase {
	case 0:
		return apierr.Precondition(reason, "%s: no round has opened", what)
	case round.Betting:
		return apierr.Precondition(reason, "%s: bets are open in round %d", what, s.Round)
	case round.Closed:
		return apierr.Precondition(reason, "%s: round %d has no more bets (cz §4; ru §4.2)", what, s.Round)
	}
	return apierr.Precondition(reason, "%s: round %d is %s", what, s.Round, s.Phase)
}

// open starts the next round. The shoe, its marker and its due burns
// carry over; the round's record starts anew, reusing its storage.
func (s *State) open(r *Rules, evs []Event) ([]Event, error) {
	if s.Phase != 0 && !s.Phase.Over() {
		return evs, apierr.Precondition(round.ReasonRoundRunning, "round %d is %s", s.Round, s.Phase)
	}
	s.Round++
	s.Phase, s.Stage = round.Betting, 0
	s.Bets, s.Cancelled = s.Bets[:0], s.Cancelled[:0]
	s.Boxes, s.Dealer = s.Boxes[:0], s.Dealer[:0]
	// Waits are numbered from 1 in every round: a command's Seq 0 means
	// "the current wait", so no wait may be 0, or a decision sent for the
	// round's first wait and delivered late (a double click) would be
	// taken for the current one.
	s.Turn, s.Reason = Turn{Seq: 1}, ""
	s.Deals, s.Decisions, s.Lines = s.Deals[:0], s.Decisions[:0], s.Lines[:0]
	s.Shoe.From = 0
	s.Next = s.next(r)
	evs, _ = grow(evs, EvOpened)
	return evs, nil
}

// close ends the betting (cz §4: no bet may be added or taken after "no
// more bets"; ru §4.2.3) and lays out the boxes in play, each with its
// bettors in the order they bet, the first its owner (cz §2; ru §2.4).
// A round nobody bet in is settled at once, with no lines.
func (s *State) close(r *Rules, evs []Event) ([]Event, error) {
	switch s.Phase {
	case round.Closed:
		return evs, nil
	case round.Betting:
	default:
		return evs, s.wrongPhase("close")
	}
	s.Phase = round.Closed
	evs, _ = grow(evs, EvClosed)
	s.layBoxes(r)
	if len(s.Boxes) == 0 {
		s.Phase = round.Settled
		s.Next = s.next(r)
		return append(evs, Event{Kind: EvSettled}), nil
	}
	s.Stage = Dealing
	s.Next = s.next(r)
	return evs, nil
}

// layBoxes makes the boxes in play from the bets, in box order, reusing
// the storage of the rounds before.
func (s *State) layBoxes(r *Rules) {
	var at [MaxBoxes + 1]int // box n's index in Boxes plus one; 0: no bet on it
	for i := range s.Bets {
		at[boxOf(s.Bets[i].Spot)] = -1 // boxOf is 0 for none
	}
	boxes := s.Boxes[:0]
	for n := 1; n <= min(r.Boxes, MaxBoxes); n++ {
		if at[n] != 0 {
			boxes = growBox(boxes, n)
			at[n] = len(boxes)
		}
	}
	for i := range s.Bets {
		bet := &s.Bets[i]
		j := at[boxOf(bet.Spot)]
		if j <= 0 { // a box of the table no more: not laid out
			continue
		}
		b := &boxes[j-1]
		k := len(b.Bettors)
		b.Bettors = append(b.Bettors, Bettor{})
		bt := &b.Bettors[len(b.Bettors)-1]
		bt.Player, bt.BetID, bt.Stake = bet.Player, bet.ID, bet.Amount
		b.Hands[0].Stakes[k].Base = bet.Amount
	}
	s.Boxes = boxes
}

// growBox appends box n with its first hand, empty, reusing the storage
// the slice held past its length (a round before's bettors, hands and
// first hand's cards): State's slices are reused from round to round, so
// a caller keeps a Clone of a state, never a copy.
func growBox(boxes []Box, n int) []Box {
	if len(boxes) == cap(boxes) {
		boxes = append(boxes, Box{})
	} else {
		boxes = boxes[:len(boxes)+1]
	}
	b := &boxes[len(boxes)-1]
	var cards []card.Card
	if len(b.Hands) > 0 {
		cards = b.Hands[0].Cards[:0]
	}
	b.N = n
	b.Bettors = b.Bettors[:0]
	b.Hands = append(b.Hands[:0], Hand{})
	h := &b.Hands[len(b.Hands)-1]
	h.ID, h.Cards = 1, cards
	return boxes
}

// void is the operator voiding the round: every stake still in play is
// refunded (cz §3.8, §9: the shoe void, "bets are returned"). Lines made
// before, final outcomes, stand.
func (s *State) void(r *Rules, reason string, evs []Event) ([]Event, error) {
	if err := round.CheckVoidReason(reason); err != nil {
		return evs, err
	}
	switch s.Phase {
	case round.Voided:
		return evs, nil
	case round.Betting, round.Closed:
	default:
		return evs, s.wrongPhase("void")
	}
	from := len(s.Lines)
	if s.Phase == round.Betting {
		for _, b := range s.Bets {
			s.Lines = append(s.Lines, round.Line{BetID: b.ID, Player: b.Player, Spot: lineSpot(boxOf(b.Spot), 1, kindOriginal), Stake: b.Amount, Returned: b.Amount})
		}
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for j := range b.Bettors {
			bt := &b.Bettors[j]
			if bt.Insurance > 0 && !bt.InsuranceDone {
				bt.InsuranceDone = true
				s.Lines = append(s.Lines, round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, 1, kindInsurance), Stake: bt.Insurance, Returned: bt.Insurance})
			}
		}
		for j := range b.Hands {
			h := &b.Hands[j]
			for k := range h.Stakes {
				if h.Stakes[k].live() {
					s.settleStake(&r.Options, b, h, k, pushed, pushed) // refunded
				}
			}
		}
	}
	s.Phase, s.Stage, s.Reason = round.Voided, 0, reason
	s.Turn = Turn{Seq: s.Turn.Seq}
	s.Next = s.next(r)
	return append(evs, Event{Kind: EvVoided, Reason: reason, Lines: s.linesFrom(from)}), nil
}
