package profile

import "fmt"

// Game is a poker variant authorised by gr-regulation-1 A.1.
type Game uint8

// Games.
const (
	Holdem Game = iota + 1
	Omaha
	FiveCardStud
	SevenCardStud
)

var gameNames = [...]string{"", "holdem", "omaha", "five-card-stud", "seven-card-stud"}

func (g Game) String() string {
	if g >= Holdem && g <= SevenCardStud {
		return gameNames[g]
	}
	return fmt.Sprintf("Game(%d)", uint8(g))
}

// Stud reports whether g is a stud game (no board, up cards decide order).
func (g Game) Stud() bool { return g == FiveCardStud || g == SevenCardStud }

// MaxPlayers is the most players a table of g may seat (gr-regulation-1
// A.2: 5 Card Stud 8, 7 Card Stud 6, Omaha and Hold'em 10).
func (g Game) MaxPlayers() int {
	switch g {
	case FiveCardStud:
		return 8
	case SevenCardStud:
		return 6
	case Holdem, Omaha:
		return 10
	}
	return 0
}

// MarshalText writes the game name.
func (g Game) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads a game name.
func (g *Game) UnmarshalText(b []byte) error {
	for i := Holdem; i <= SevenCardStud; i++ {
		if gameNames[i] == string(b) {
			*g = i
			return nil
		}
	}
	return fmt.Errorf("profile: unknown game %q", b)
}

// ParseGame reads a game name ("holdem").
func ParseGame(s string) (Game, error) {
	var g Game
	err := g.UnmarshalText([]byte(s))
	return g, err
}

// enum is the text form shared by the option enums below.
type enum struct {
	names []string
}

func (e enum) name(v uint8, typ string) string {
	if int(v) < len(e.names) && e.names[v] != "" {
		return e.names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

func (e enum) parse(b []byte, typ string) (uint8, error) {
	for i, n := range e.names {
		if n != "" && n == string(b) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("profile: unknown %s %q", typ, b)
}

// ShowOrder is who shows first at the showdown.
type ShowOrder uint8

// Showdown orders.
const (
	// ShowLastAggressor: the last bettor or raiser of the whole hand: of the
	// final round, or, if it was checked, of an earlier round; if nobody bet
	// or raised on any street (blinds are not aggression), the first player
	// after the button (docs/rules/gr-variant-texas-holdem.md SD 1–3,
	// vectors 3–6; docs/rules/cz-cash-game-texas-holdem.md §6 item 8
	// "SHOWDOWN" and §11 note 8: "vždy", always).
	ShowLastAggressor ShowOrder = iota + 1
	// ShowLastAggressorFinal: the last aggressor of the final round, or the
	// first player after the button when it was checked through
	// (docs/rules/betting-rules-ru-sports.md §5.9.2; docs/rules/ru-club-poker.md
	// §4.1). The Czech profile played this before its spec was corrected
	// (cz §11 note 8); an operator can still choose it.
	ShowLastAggressorFinal
	// ShowCaller: the player who made the call shows first (literal
	// docs/rules/gr-variant-omaha.md SD 1 / N4, docs/rules/gr-variant-5-card-stud.md N5,
	// docs/rules/gr-variant-7-card-stud.md N6); a checked final round falls back to its
	// first actor in stud, to the first player after the button in Omaha.
	ShowCaller
)

var showOrderEnum = enum{[]string{"", "last-aggressor", "last-aggressor-final", "caller"}}

func (v ShowOrder) String() string               { return showOrderEnum.name(uint8(v), "ShowOrder") }
func (v ShowOrder) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *ShowOrder) UnmarshalText(b []byte) error {
	x, err := showOrderEnum.parse(b, "show order")
	*v = ShowOrder(x)
	return err
}

// Muck is what a player whose hand cannot win does at the showdown.
type Muck uint8

// Muck rules.
const (
	// MuckLosers: after the first hand is shown, a player who cannot tie or
	// beat a shown hand he contests concedes unshown, and his cards are
	// never exposed (docs/rules/betting-rules-ru-sports.md §5.9.2; docs/rules/ru-club-poker.md
	// §4.2; docs/rules/gr-variant-texas-holdem.md SD 4, N10).
	MuckLosers Muck = iota + 1
	// ShowAll: every hand at the showdown is shown.
	ShowAll
)

var muckEnum = enum{[]string{"", "losers", "show-all"}}

func (v Muck) String() string               { return muckEnum.name(uint8(v), "Muck") }
func (v Muck) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *Muck) UnmarshalText(b []byte) error {
	x, err := muckEnum.parse(b, "muck rule")
	*v = Muck(x)
	return err
}

// HeadsUp is who posts which blind with two players.
type HeadsUp uint8

// Heads-up blind rules.
const (
	// HeadsUpButtonBigBlind: blinds "exactly as with more than two
	// players": the player after the button posts the small blind, the
	// button the big blind, and the button acts last on every street
	// (gr-regulation-1 B.57, §9 item 1, literal default).
	HeadsUpButtonBigBlind HeadsUp = iota + 1
	// HeadsUpButtonSmallBlind: the button posts the small blind and acts
	// first before the flop (the modern convention).
	HeadsUpButtonSmallBlind
)

var headsUpEnum = enum{[]string{"", "button-big-blind", "button-small-blind"}}

func (v HeadsUp) String() string               { return headsUpEnum.name(uint8(v), "HeadsUp") }
func (v HeadsUp) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *HeadsUp) UnmarshalText(b []byte) error {
	x, err := headsUpEnum.parse(b, "heads-up rule")
	*v = HeadsUp(x)
	return err
}

// Button is how the button and blinds move between hands.
type Button uint8

// Button rules.
const (
	// DeadButton: the big blind moves one seat each hand, the small blind
	// is the last hand's big blind seat (none if it emptied), and the button
	// follows to the last small blind seat, even an empty one
	// (gr-regulation-2 G4.6).
	DeadButton Button = iota + 1
	// MovingButton: the button moves to the next player and both blinds
	// are posted every hand (docs/rules/cz-cash-game-texas-holdem.md §5.3–5.5).
	MovingButton
)

var buttonEnum = enum{[]string{"", "dead", "moving"}}

func (v Button) String() string               { return buttonEnum.name(uint8(v), "Button") }
func (v Button) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *Button) UnmarshalText(b []byte) error {
	x, err := buttonEnum.parse(b, "button rule")
	*v = Button(x)
	return err
}

// MakeUp is how missed blinds are made up.
type MakeUp uint8

// Make-up rules.
const (
	// MakeUpAllDead: blinds posted out of position are dead
	// (gr-regulation-1 B.37 literal).
	MakeUpAllDead MakeUp = iota + 1
	// MakeUpBigLive: the big blind is live, the small blind dead
	// (docs/rules/cz-cash-game-texas-holdem.md §5.6).
	MakeUpBigLive
)

var makeUpEnum = enum{[]string{"", "all-dead", "big-live"}}

func (v MakeUp) String() string               { return makeUpEnum.name(uint8(v), "MakeUp") }
func (v MakeUp) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *MakeUp) UnmarshalText(b []byte) error {
	x, err := makeUpEnum.parse(b, "make-up rule")
	*v = MakeUp(x)
	return err
}

// VoidBets is what happens to the bets of a hand voided for a wrong card
// count when the operator does not say.
type VoidBets uint8

// Void rules.
const (
	// VoidReturnIfNotActed: returned if the player has not acted, kept in
	// the pot if he has (gr-regulation-2 G2.6, M7–M8).
	VoidReturnIfNotActed VoidBets = iota + 1
	// VoidKeep: the bets, forced bets included, stay in the pot
	// (docs/rules/betting-rules-ru-sports.md Appendix B items 7–8; docs/rules/ru-club-poker.md §5.4).
	VoidKeep
)

var voidEnum = enum{[]string{"", "return-if-not-acted", "keep"}}

func (v VoidBets) String() string               { return voidEnum.name(uint8(v), "VoidBets") }
func (v VoidBets) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *VoidBets) UnmarshalText(b []byte) error {
	x, err := voidEnum.parse(b, "void rule")
	*v = VoidBets(x)
	return err
}

// AbsentHand is whether a tournament player away from the table keeps his
// hand (docs/rules/tournaments.md §12 CONFLICT). Both readings post his
// forced bets from his stack.
type AbsentHand uint8

// Absent-hand policies.
const (
	// AbsentLive: his seat is dealt in and keeps its rights; his turn runs
	// the action clock and times out (gr-regulation-2 H.11).
	AbsentLive AbsentHand = iota + 1
	// AbsentDead: his cards are mucked even if he has bet, unless he is
	// all in (RU §6.4.3, §6.4.4; tournaments.md T31, T32).
	AbsentDead
)

var absentEnum = enum{[]string{"", "live", "dead"}}

func (v AbsentHand) String() string               { return absentEnum.name(uint8(v), "AbsentHand") }
func (v AbsentHand) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *AbsentHand) UnmarshalText(b []byte) error {
	x, err := absentEnum.parse(b, "absent-hand policy")
	*v = AbsentHand(x)
	return err
}

// LastVoid is what happens when the only player left has his hand voided.
type LastVoid uint8

// Last-player void rules.
const (
	// LastVoidDispute: the pot is held until the casino's investigation
	// decides (gr-regulation-2 G2.7, M9).
	LastVoidDispute LastVoid = iota + 1
	// LastVoidSplit: he loses the pot, which is divided among the other
	// players who were in the hand (docs/rules/betting-rules-ru-sports.md Appendix B
	// item 9; docs/rules/ru-club-poker.md §5.4, N3).
	LastVoidSplit
)

var lastVoidEnum = enum{[]string{"", "dispute", "split-others"}}

func (v LastVoid) String() string               { return lastVoidEnum.name(uint8(v), "LastVoid") }
func (v LastVoid) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *LastVoid) UnmarshalText(b []byte) error {
	x, err := lastVoidEnum.parse(b, "last-player void rule")
	*v = LastVoid(x)
	return err
}

// StudOpening is how a stud ante game's first round opens.
type StudOpening uint8

// Stud openings.
const (
	// StudBringIn: the low card brings in for the bring-in amount or
	// completes to the small bet (docs/rules/betting-rules-ru-sports.md §5.4.3, D15).
	StudBringIn StudOpening = iota + 1
	// StudForcedBet: the low card must bet at least the table minimum; there
	// is no smaller bring-in (docs/rules/gr-variant-5-card-stud.md §3, R1;
	// docs/rules/gr-variant-7-card-stud.md §3, R1; gr-regulation-1 B.16).
	StudForcedBet
)

var studOpeningEnum = enum{[]string{"", "bring-in", "forced-bet"}}

func (v StudOpening) String() string               { return studOpeningEnum.name(uint8(v), "StudOpening") }
func (v StudOpening) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
func (v *StudOpening) UnmarshalText(b []byte) error {
	x, err := studOpeningEnum.parse(b, "stud opening")
	*v = StudOpening(x)
	return err
}

// Ratio is a small-blind fraction of the big blind (or of the minimum bet).
type Ratio struct {
	Num int64 `json:"num"`
	Den int64 `json:"den"`
}

func (r Ratio) String() string { return fmt.Sprintf("%d/%d", r.Num, r.Den) }
