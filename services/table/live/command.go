package live

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/card"
)

// CommandKind names a command.
type CommandKind uint8

// Commands. Each is applied by Table.Apply; the comment says what it
// carries besides At.
const (
	NoCommand CommandKind = iota
	// CmdReserve: Who takes Seat with a buy-in of Amount held in the wallet
	// (Hold) from Account; Name, Key, Flag = post now.
	CmdReserve
	// CmdIntentDone: money intent Intent was carried out, or failed with
	// Reason (a buy-in whose hold could not be posted).
	CmdIntentDone
	// CmdTopUp: Who adds Amount held in Hold; Key.
	CmdTopUp
	// CmdSitOut and CmdSitIn (Flag = post now): Who.
	CmdSitOut
	CmdSitIn
	// CmdStandUp: Who leaves; Key.
	CmdStandUp
	// CmdAct: Who acts in Hand at Seq: Action, Amount; Ranks.
	CmdAct
	// CmdTimeout: the clock acts for the seat to act in Hand at Seq; Ranks.
	CmdTimeout
	// CmdUseBank: Who claims his time bank in Hand at Seq, or (Flag) one
	// of his extension periods.
	CmdUseBank
	// CmdDeal: deal the next hand from Shoe (Commitment, Outcome); Ranks.
	CmdDeal
	// CmdJoinWait and CmdLeaveWait: Who.
	CmdJoinWait
	CmdLeaveWait
	// CmdPickUp: the chips of the player in Seat, away too long, are
	// picked up (gr-regulation-2 G4.8).
	CmdPickUp
	// CmdExpireOffer: the seat offered to the waiting list is released.
	CmdExpireOffer
	// CmdPause, CmdResume, CmdClose: Reason. Repeated, one changes nothing
	// (Table.Unchanged).
	CmdPause
	CmdResume
	CmdClose
	// CmdMisdeal: Hand, Reason.
	CmdMisdeal
	// CmdVoidSeat: Hand, Seat, Return, Reason; Ranks.
	CmdVoidSeat
	// CmdAward: Hand, Awards.
	CmdAward
	// CmdSeatPlayer: tournament chips Amount for Who (Name) in Seat with
	// Entry (MissHand, DeadBig for a moved player); Key.
	CmdSeatPlayer
	// CmdRemovePlayer: Who leaves a tournament table; Key.
	CmdRemovePlayer
	// CmdSetStakes: Stakes from the next hand (a cash table: after three
	// hands' notice, gr-regulation-2 G3.10).
	CmdSetStakes
	// CmdSetHold: Flag holds the next deal.
	CmdSetHold
	// CmdSettings: Clock.
	CmdSettings
	// CmdFinishClose: the table, empty, is closed.
	CmdFinishClose
	// CmdFreeze: the table is held for review (Reason): its state or its
	// escrow cannot be trusted (docs/table.md, "Integrity").
	CmdFreeze
	// CmdPenalize: Who, at a tournament table, misses Amount rounds;
	// Reason, Key.
	CmdPenalize
	// CmdCallClock: the clock is called on the seat to act in Hand at Seq.
	CmdCallClock
	// CmdShotClock: Who is on the shot clock (Flag) or off it.
	CmdShotClock
)

var commandKindNames = [...]string{"none", "reserve", "intent_done", "top_up", "sit_out", "sit_in", "stand_up", "act",
	"timeout", "use_bank", "deal", "join_wait", "leave_wait", "pick_up", "expire_offer", "pause", "resume", "close",
	"misdeal", "void_seat", "award", "seat_player", "remove_player", "set_stakes", "set_hold", "settings", "finish_close", "freeze", "penalize", "call_clock", "shot_clock"}

func (k CommandKind) String() string {
	if int(k) < len(commandKindNames) {
		return commandKindNames[k]
	}
	return fmt.Sprintf("CommandKind(%d)", uint8(k))
}

// Command is one change to a table with everything it depends on. Commands
// are the table's log: they are stored (sealed) and replayed.
type Command struct {
	Kind CommandKind `json:"k"`
	// At is the command's time (Unix milliseconds): the clock of the
	// replica that accepted it.
	At int64 `json:"t"`
	// Who is the player key (partner:player) the command is for.
	Who    string       `json:"w,omitempty"`
	Name   string       `json:"n,omitempty"`
	Seat   int          `json:"s,omitempty"`
	Hand   string       `json:"h,omitempty"`
	Seq    int          `json:"q,omitempty"`
	Action betting.Kind `json:"a,omitempty"`
	Amount int64        `json:"m,omitempty"`
	Key    string       `json:"key,omitempty"`
	// Fingerprint is a hash of the keyed request's body, remembered with
	// Key: the same key with another body is refused (IDEMPOTENCY_KEY_REUSED).
	Fingerprint string `json:"fp,omitempty"`
	Flag        bool   `json:"f,omitempty"`
	Reason      string `json:"r,omitempty"`

	Account string        `json:"acct,omitempty"`
	Hold    string        `json:"hold,omitempty"`
	Intent  string        `json:"intent,omitempty"`
	Entry   seating.Entry `json:"entry,omitempty"`
	// MissHand and DeadBig are a moved tournament player's terms
	// (CmdSeatPlayer, seating.Table.Moved).
	MissHand bool `json:"miss,omitempty"`
	DeadBig  bool `json:"dead_big,omitempty"`
	// Bank (ms) and Shot are the time bank and shot clock a tournament
	// player brings (CmdSeatPlayer; nil Bank: the table's).
	Bank   *int64          `json:"bank,omitempty"`
	Shot   bool            `json:"shot,omitempty"`
	Ext    *int            `json:"ext,omitempty"`
	Return hand.VoidReturn `json:"ret,omitempty"`
	Awards []int64         `json:"awards,omitempty"`
	Stakes *profile.Stakes `json:"stakes,omitempty"`
	Clock  *Clock          `json:"clock,omitempty"`

	// Deal: the shoe from the RNG, its commitment and outcome id.
	Shoe       []card.Card `json:"shoe,omitempty"`
	Commitment []byte      `json:"commit,omitempty"`
	Outcome    string      `json:"outcome,omitempty"`
	// Serial is the hand's number across the deployment
	// (store.NextHandSerial), 0 for a deal committed before there was one.
	Serial uint64 `json:"serial,omitempty"`
	// Ranks are the showdown ranks the command needed: nil when first
	// applied (Apply fills in the ranks it used, which the caller checks
	// against the evaluator service before committing), the service's
	// ranks when replayed.
	Ranks []SeatRank `json:"ranks,omitempty"`
}

// IntentKind is a money movement the wallet must carry out.
type IntentKind uint8

// Intent kinds.
const (
	NoIntent IntentKind = iota
	// IntentBuyIn posts a buy-in hold into the escrow.
	IntentBuyIn
	// IntentTopUp posts an added-chips hold into the escrow.
	IntentTopUp
	// IntentCashOut moves a leaving player's chips from the escrow to his
	// account.
	IntentCashOut
	// IntentRake moves a hand's rake from the escrow to the house.
	IntentRake
)

var intentKindNames = [...]string{"none", "buy_in", "top_up", "cash_out", "rake"}

func (k IntentKind) String() string {
	if int(k) < len(intentKindNames) {
		return intentKindNames[k]
	}
	return fmt.Sprintf("IntentKind(%d)", uint8(k))
}

// Intent is a money movement recorded in the table before the wallet is
// called, so that a replica dying half-way leaves a record any other
// replica completes. ID is the wallet idempotency key.
type Intent struct {
	ID   string     `json:"id"`
	Kind IntentKind `json:"kind"`
	Seat int        `json:"seat"`
	Who  string     `json:"who,omitempty"`
	// Account is the player's wallet account.
	Account string `json:"account,omitempty"`
	Amount  int64  `json:"amount"`
	Hold    string `json:"hold,omitempty"`
	Hand    string `json:"hand,omitempty"`
	// Due is when a recovery loop may carry it out (ms).
	Due int64 `json:"due"`
	// Name and PostNow are the buy-in's seat details.
	Name    string `json:"name,omitempty"`
	PostNow bool   `json:"post_now,omitempty"`
}

// Intent returns the pending intent with id.
func (t *Table) Intent(id string) (Intent, bool) {
	for _, in := range t.Intents {
		if in.ID == id {
			return in, true
		}
	}
	return Intent{}, false
}
