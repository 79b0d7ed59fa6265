package betting

import (
	"reflect"
	"testing"

	"github.com/croupier/croupier/shared/apierr"
)

// Configurations of the rule sets the vectors come from.

// ru is docs/rules/betting-rules-ru-sports.md: increment raises from the all-in
// amount, 50 % reopening in limit games, no heads-up exception.
func ru(st Structure) Config {
	c := Config{Structure: st, Unit: 1, MinBet: 10, SmallBet: 10, BigBet: 20, SpreadMin: 2, SpreadMax: 10,
		RaiseCap: 3, LimitReopen: ReopenHalf, RaiseBase: FromHighest, MinRaise: RaiseByIncrement, Chips: ChipsRU}
	return c
}

// gr is gr-regulation-2 (cash): full raises only, literal raise base, no
// cap heads-up.
func gr(st Structure) Config {
	c := ru(st)
	c.LimitReopen, c.RaiseBase, c.HeadsUpUncapped, c.Chips = ReopenFull, FromFullBet, true, ChipsGR
	return c
}

// cz is docs/rules/cz-cash-game-texas-holdem.md: raise to double, Czech chip rules.
func cz() Config {
	c := ru(NoLimit)
	c.MinRaise, c.Chips, c.LimitReopen = RaiseToDouble, ChipsCZ, ReopenFull
	return c
}

type tb struct {
	t *testing.T
	r *Round
}

// table seats players 0..len(stacks)-1 with the stacks.
func table(t *testing.T, c Config, stacks ...int64) *tb {
	t.Helper()
	if err := c.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	r := New(c)
	for i, s := range stacks {
		r.Sit(i, s)
	}
	return &tb{t: t, r: &r}
}

// blinds posts the small and big blind of seats sb and bb and opens
// preflop with the first seat after bb to act.
func (b *tb) blinds(sb int, sbAmt int64, bb int, bbAmt int64) *tb {
	b.r.StartStreet(0, b.r.Config.SmallBet, false)
	b.r.Post(sb, sbAmt, true)
	posted := b.r.Post(bb, bbAmt, true)
	b.r.OpenWithBlind(bbAmt, posted)
	b.r.Advance(bb)
	return b
}

// postflop starts a later street with pot chips already in the middle and
// seat first to act.
func (b *tb) postflop(pot int64, unit int64, first int) *tb {
	b.r.StartStreet(1, unit, false)
	b.r.Seats[len(b.r.Seats)-1].Total += pot // dead money from earlier rounds
	b.r.Advance(first - 1)
	return b
}

func (b *tb) do(seat int, k Kind, amount int64) Result {
	b.t.Helper()
	res, err := b.r.Act(seat, Action{Kind: k, Amount: amount})
	if err != nil {
		b.t.Fatalf("seat %d %s %d: %v", seat, k, amount, err)
	}
	b.r.Advance(seat)
	return res
}

func (b *tb) chips(seat int, c Chips) (Result, Reading) {
	b.t.Helper()
	res, rd, err := b.r.ActChips(seat, c)
	if err != nil {
		b.t.Fatalf("seat %d chips %+v: %v", seat, c, err)
	}
	if !rd.Pending {
		b.r.Advance(seat)
	}
	return res, rd
}

func (b *tb) legal(seat int) map[Kind]Legal {
	out := map[Kind]Legal{}
	for _, l := range b.r.Legal(seat, nil) {
		out[l.Kind] = l
	}
	return out
}

func (b *tb) kinds(seat int) []Kind {
	var out []Kind
	for _, l := range b.r.Legal(seat, nil) {
		out = append(out, l.Kind)
	}
	return out
}

// reject checks that the action fails with reason and changes nothing.
func (b *tb) reject(seat int, k Kind, amount int64, reason string) {
	b.t.Helper()
	before := *b.r
	_, err := b.r.Act(seat, Action{Kind: k, Amount: amount})
	if err == nil {
		b.t.Fatalf("seat %d %s %d accepted, want %s", seat, k, amount, reason)
	}
	if got := apierr.Reason(err); got != reason {
		b.t.Fatalf("seat %d %s %d: reason %s (%v), want %s", seat, k, amount, got, err, reason)
	}
	if !reflect.DeepEqual(before, *b.r) {
		b.t.Fatalf("rejected action changed the round")
	}
}

func (b *tb) wantToAct(seat int) {
	b.t.Helper()
	if b.r.ToAct != seat {
		b.t.Fatalf("to act: seat %d, want %d", b.r.ToAct, seat)
	}
}

func wantKinds(t *testing.T, got []Kind, want ...Kind) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("legal kinds %v, want %v", got, want)
	}
}

func wantRange(t *testing.T, l map[Kind]Legal, k Kind, lo, hi int64) {
	t.Helper()
	got, ok := l[k]
	if !ok {
		t.Fatalf("%s not legal; legal: %v", k, l)
	}
	if got.Min != lo || got.Max != hi {
		t.Fatalf("%s range %d..%d, want %d..%d", k, got.Min, got.Max, lo, hi)
	}
}
