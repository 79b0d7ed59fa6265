// Package rank ranks poker hands: the best five of 5..7 cards, Omaha's
// "exactly two from the hand, exactly three from the board", the casino
// "two from hand + three from board" rule, and stud up-card holdings for
// the order of action. It is the in-process API of the evaluator service;
// the table service's poker engines import it directly.
//
// A hand's strength is a Value: 1..7462, one per distinct five-card rank,
// higher is better, equal Values tie. Values of every function here compare
// with each other. The zero Value means "no hand" (a wrong card count).
//
// The API:
//
//	type Value uint32
//	const MaxValue Value = 7462
//	func (v Value) Category() Category
//	func (v Value) Ranks() ([5]card.Rank, int)
//	func (v Value) Name() string            // "Full house, Kings full of Fours"
//	func (v Value) String() string          // Name
//	func (v Value) Valid() bool
//
//	type Category uint8                     // NoCategory, HighCard .. StraightFlush
//	const NumCategories = 9
//	func (c Category) String() string       // high pair twopair trips straight flush fullhouse quads straightflush
//	func (c Category) Title() string        // "Full house"
//	func ParseCategory(s string) (Category, bool)
//
//	func Best(cards ...card.Card) Value     // best five of 5, 6 or 7 cards
//	func Best7(h *[7]card.Card) Value       // Best of seven, for inner loops
//	func Omaha(hole, board []card.Card) Value        // 4 hole, 3..5 board: exactly 2 + 3
//	func TwoPlusThree(hole, board []card.Card) Value // 2 hole, 3..5 board: exactly 2 + 3
//
//	type Hand struct { Value Value; Cards [5]card.Card } // Cards most significant first
//	func (h Hand) Category() Category
//	func (h Hand) Name() string
//	func Describe(cards ...card.Card) Hand
//	func DescribeOmaha(hole, board []card.Card) Hand
//	func DescribeTwoPlusThree(hole, board []card.Card) Hand
//
//	type Game uint8                         // GameHigh, GameOmaha, GameTwoPlusThree
//	func (g Game) Eval(hole, board []card.Card) Value
//	func (g Game) Describe(hole, board []card.Card) Hand
//	func (g Game) Check(hole, board []card.Card) error // ErrCardCount, ErrDuplicate, ErrInvalidCard, ErrUnknownGame
//	func CheckDistinct(lists ...[]card.Card) error
//
//	type UpValue uint32                     // stud up cards, 1..4; distinct holdings never tie
//	func UpCards(cards ...card.Card) UpValue
//	func (u UpValue) Category() Category
//	func FirstToAct(holdings [][]card.Card) int // index of the highest holding
//	func BringIn(up []card.Card) int            // index of the lowest single up card
//
//	const TableBytes                        // memory of the lookup tables (3,899,392)
//
// Best, Omaha and TwoPlusThree do not validate: they are the inner loop of
// showdowns and equity enumeration, do not allocate, and trust their caller
// to have run Game.Check (or CheckDistinct) on untrusted input. Duplicate
// cards give an unspecified Value; out-of-range cards never panic.
//
// Hand rankings follow gr-regulation-2 §7.2 (Γ.5): the ace plays high or
// low in straights (A-2-3-4-5 is the lowest), suits never break a showdown
// tie (N15). Suits order stud holdings only (UpCards, BringIn).
package rank
