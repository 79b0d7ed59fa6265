package live

import (
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// tournaments.md T24 (gr-regulation-2 H.28(b)): "time" called on the
// player to act at t = 0 gives him 60 s, then a 10-s countdown; at 70 s
// without an action his hand is dead and the chips he put in stay in the
// pot. Once per turn; his time bank cannot run past it; the hand's result
// says the clock was called on him.
func TestCalledClockKillsTheHandAt70Seconds(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.tab.Config.Clock.Bank = 5 * time.Minute
	for i := range s.tab.Seats {
		s.tab.Seats[i].Bank = (5 * time.Minute).Milliseconds()
	}
	s.deal()
	h := s.tab.Hand
	st := h.State()
	seat, seq := st.ToAct(), st.Seq
	put := st.Round.Seats[seat].Total
	if _, err := s.apply(&Command{Kind: CmdCallClock, Hand: h.ID, Seq: seq + 1}); apierr.Reason(err) != "STALE_SEQ" {
		t.Fatalf("a clock on a passed turn: %v, want STALE_SEQ", err)
	}
	// He stalls on his time bank (30 s, then 5 minutes): the call cuts it.
	t0 := s.now
	who := st.Seats[seat].Player
	s.must(&Command{Kind: CmdUseBank, Who: who, Hand: h.ID, Seq: seq})
	ev := s.must(&Command{Kind: CmdCallClock, Hand: h.ID, Seq: seq})
	if len(ev) != 1 || ev[0].Kind != EvTurn || ev[0].Amount != t0+60_000 || ev[0].Deadline != t0+70_000 {
		t.Fatalf("call: %+v; want the countdown at +60 s and the deadline at +70 s", ev)
	}
	if _, err := s.apply(&Command{Kind: CmdCallClock, Hand: h.ID, Seq: seq}); apierr.Reason(err) != "CLOCK_CALLED" {
		t.Fatalf("a second call: %v, want CLOCK_CALLED", err)
	}
	if _, err := s.apply(&Command{Kind: CmdUseBank, Who: who, Hand: h.ID, Seq: seq, At: t0 + 1000}); apierr.Reason(err) != "BANK_IN_USE" {
		t.Fatalf("the time bank again after the call: %v, want BANK_IN_USE", err)
	}
	if _, err := s.apply(&Command{Kind: CmdTimeout, Hand: h.ID, Seq: seq, At: t0 + 69_999}); apierr.Reason(err) != "NOT_DUE" {
		t.Fatalf("a timeout at 69.999 s: %v, want NOT_DUE", err)
	}
	s.must(&Command{Kind: CmdTimeout, Hand: h.ID, Seq: seq, At: t0 + 70_000})
	if !st.Seats[seat].Voided || st.Round.Seats[seat].Total != put {
		t.Fatalf("after 70 s: voided %t, %d in the pot (was %d); want his hand dead, his chips in", st.Seats[seat].Voided, st.Round.Seats[seat].Total, put)
	}
	// 40 s of his bank ran (from 30 s to 70 s).
	if got := s.tab.Seats[seat].Bank; got != (5*time.Minute - 40*time.Second).Milliseconds() {
		t.Fatalf("bank left %d ms, want 260 s", got)
	}
	s.now = t0 + 70_000
	s.play()
	var called bool
	for _, r := range s.tab.Results {
		for _, p := range r.Players {
			called = called || p.Seat == seat && p.ClockCalled
		}
	}
	if !called {
		t.Fatal("the hand's result does not say the clock was called on him")
	}
}

// tournaments.md T25 (H.28(a)): a player sanctioned with the shot clock
// has 10 s for every later decision and no time bank; taken off it, he has
// the table's time again. Putting him on it twice changes nothing.
func TestShotClockGivesTenSecondsAndNoBank(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.tab.Config.Clock.Bank = time.Minute
	for i := range s.tab.Seats {
		s.tab.Seats[i].Bank = time.Minute.Milliseconds()
	}
	s.must(&Command{Kind: CmdShotClock, Who: "p:a", Flag: true})
	if _, err := s.apply(&Command{Kind: CmdShotClock, Who: "p:a", Flag: true}); err != nil {
		t.Fatalf("again: %v", err)
	}
	s.deal() // button 0: seat 0 (p:a) acts first three-handed
	h := s.tab.Hand
	if st := h.State(); st.ToAct() != 0 || h.Deadline-h.TurnAt != 10_000 {
		t.Fatalf("seat %d to act with %d ms; want p:a with 10 s", st.ToAct(), h.Deadline-h.TurnAt)
	}
	if _, err := s.apply(&Command{Kind: CmdUseBank, Who: "p:a", Hand: h.ID, Seq: h.State().Seq}); apierr.Reason(err) != "SHOT_CLOCK" {
		t.Fatalf("his time bank: %v, want SHOT_CLOCK", err)
	}
	act := func(k betting.Kind) {
		t.Helper()
		st := s.tab.Hand.State()
		s.must(&Command{Kind: CmdAct, Who: st.Seats[st.ToAct()].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: k})
	}
	act(betting.Fold) // p:a
	act(betting.Fold) // the small blind: the hand is over
	s.must(&Command{Kind: CmdShotClock, Who: "p:a", Flag: false})
	s.deal() // button 1: seat 1, the small blind (2), then p:a in the big blind
	act(betting.Call)
	act(betting.Call)
	if h := s.tab.Hand; h.State().ToAct() != 0 || h.Deadline-h.TurnAt != 30_000 {
		t.Fatalf("off the shot clock: seat %d with %d ms, want p:a with the table's 30 s", h.State().ToAct(), h.Deadline-h.TurnAt)
	}
}

// A called clock never gives more time than the player has: with 30 s of
// action time and no bank, "time" called at 5 s leaves his deadline at
// 30 s, and running out of it then leaves his hand dead, not folded or
// checked for him.
func TestCalledClockNeverExtendsTheActionClock(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.deal()
	h := s.tab.Hand
	st := h.State()
	seat, seq, deadline := st.ToAct(), st.Seq, h.Deadline
	s.must(&Command{Kind: CmdCallClock, Hand: h.ID, Seq: seq, At: h.TurnAt + 5000})
	if h.Deadline != deadline {
		t.Fatalf("deadline %d after the call, want %d as before", h.Deadline, deadline)
	}
	if _, err := s.apply(&Command{Kind: CmdUseBank, Who: st.Seats[seat].Player, Hand: h.ID, Seq: seq, At: h.TurnAt + 6000}); apierr.Reason(err) != "CLOCK_CALLED" {
		t.Fatalf("the time bank after the call: %v, want CLOCK_CALLED", err)
	}
	s.must(&Command{Kind: CmdTimeout, Hand: h.ID, Seq: seq, At: deadline})
	if !st.Seats[seat].Voided {
		t.Fatal("his hand was not dead when his time ran out under a called clock")
	}
}

// tournaments.md T26 (H.27(a)): base 30 s, a 300-s time bank; a player
// who uses 90 s of it in his first hand has 210 s left for the rest of the
// tournament: his removal from the table reports it, and the table he is
// moved to takes it (not a fresh bank), with his shot clock (T25).
func TestTimeBankGoesWithTheMovedPlayer(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.tab.Config.Clock.Bank = 5 * time.Minute
	for i := range s.tab.Seats {
		s.tab.Seats[i].Bank = (5 * time.Minute).Milliseconds()
	}
	s.deal()
	h := s.tab.Hand
	st := h.State()
	if st.ToAct() != 0 {
		t.Fatalf("seat %d to act, want p:a", st.ToAct())
	}
	s.must(&Command{Kind: CmdUseBank, Who: "p:a", Hand: h.ID, Seq: st.Seq, At: h.TurnAt + 1000})
	s.must(&Command{Kind: CmdAct, Who: "p:a", Hand: h.ID, Seq: st.Seq, Action: betting.Fold, At: h.TurnAt + 120_000})
	s.must(&Command{Kind: CmdShotClock, Who: "p:a", Flag: true})
	s.now = h.TurnAt + 120_000
	s.must(&Command{Kind: CmdRemovePlayer, Who: "p:a", Key: "move-a"}) // when the hand ends
	s.play()
	r, ok := s.tab.Key("move-a")
	if !ok || r.Bank != 210_000 || !r.Shot {
		t.Fatalf("removal record %+v: want 210 s of bank and the shot clock", r)
	}
	other := tournamentSim(t, profile.GR)
	other.tab.Config.Clock.Bank = 5 * time.Minute
	bank := r.Bank
	other.must(&Command{Kind: CmdSeatPlayer, Who: "p:a2", Name: "a", Seat: 5, Amount: 10_000, Key: "k-move", Bank: &bank, Shot: r.Shot})
	if x := other.tab.Seats[5]; x.Bank != 210_000 || !x.Shot {
		t.Fatalf("at the new table: bank %d ms, shot %t; want 210 s and the shot clock", x.Bank, x.Shot)
	}
	bad := int64(MaxTimeBank.Milliseconds() + 1)
	if _, err := other.apply(&Command{Kind: CmdSeatPlayer, Who: "p:z", Name: "z", Seat: 6, Amount: 10_000, Key: "k-z", Bank: &bad}); apierr.Reason(err) != "BAD_TIME_BANK" {
		t.Fatalf("a bank over 5 minutes: %v, want BAD_TIME_BANK", err)
	}
}

// tournaments.md §13 (gr-regulation-2 H.27(b)): each player has a number
// of extension periods of up to 2 minutes; he may use one a decision,
// claimed before his time runs out; when all are used he gets no more.
// What he has left goes with him to his next table.
func TestExtensionPeriodsOneADecisionUntilUsedUp(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.tab.Config.Clock.Extensions, s.tab.Config.Clock.Extension = 1, 2*time.Minute
	if err := s.tab.Config.Clock.Validate(); err != nil {
		t.Fatal(err)
	}
	for i := range s.tab.Seats {
		s.tab.Seats[i].Ext = 1
	}
	s.deal()
	h := s.tab.Hand
	st := h.State()
	base := h.Deadline
	s.must(&Command{Kind: CmdUseBank, Who: "p:a", Hand: h.ID, Seq: st.Seq, Flag: true})
	if h.Deadline != base+120_000 || s.tab.Seats[0].Ext != 0 {
		t.Fatalf("deadline +%d ms, %d left; want +120 s and none left", h.Deadline-base, s.tab.Seats[0].Ext)
	}
	if _, err := s.apply(&Command{Kind: CmdUseBank, Who: "p:a", Hand: h.ID, Seq: st.Seq, Flag: true}); apierr.Reason(err) != "EXTENSION_IN_USE" {
		t.Fatalf("a second period in one decision: %v, want EXTENSION_IN_USE", err)
	}
	s.must(&Command{Kind: CmdAct, Who: "p:a", Hand: h.ID, Seq: st.Seq, Action: betting.Call})
	s.play()
	for s.tab.Hand.State().ToAct() != 0 {
		s.deal()
		if s.tab.Hand.State().ToAct() == 0 {
			break
		}
		s.play()
	}
	h = s.tab.Hand
	if _, err := s.apply(&Command{Kind: CmdUseBank, Who: "p:a", Hand: h.ID, Seq: h.State().Seq, Flag: true}); apierr.Reason(err) != "NO_TIME_EXTENSIONS" {
		t.Fatalf("after his only period: %v, want NO_TIME_EXTENSIONS", err)
	}
	bad := Clock{Action: 30 * time.Second, Extensions: 1, Extension: 121 * time.Second}
	if bad.Validate() == nil {
		t.Fatal("a 121-s extension period validated (H.27(b): up to 2 minutes)")
	}
}

// A player moved or rebought between a level that raises the smallest chip
// and the chip race that colours his small chips up (gr-regulation-2 H.18)
// sits down with the stack he has: the tournament e2e stalled when a move
// of 25,950 chips to a table playing in 100s was refused, retried for ever.
func TestSeatPlayerTakesAStackOfChipsSmallerThanTheLevels(t *testing.T) {
	s := tournamentSim(t, profile.GR)
	s.tab.Seating.Rules.Stakes.Unit = 100
	s.must(&Command{Kind: CmdSeatPlayer, Who: "p:m", Name: "m", Seat: 5, Amount: 25_950, Key: "k-move"})
	if got := s.tab.Seating.Seats[5].Stack; got != 25_950 {
		t.Fatalf("moved player's stack %d, want 25950", got)
	}
	for _, amount := range []int64{0, -100} {
		if _, err := s.apply(&Command{Kind: CmdSeatPlayer, Who: "p:z", Name: "z", Seat: 6, Amount: amount, Key: "k-z"}); apierr.Reason(err) != "BAD_AMOUNT" {
			t.Fatalf("seating %d chips: %v, want BAD_AMOUNT", amount, err)
		}
	}
}
