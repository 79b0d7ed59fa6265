package rank

// Category is the poker hand category, weakest first (gr-regulation-2 Γ.5,
// §7.2: royal flush is the highest straight flush, not a category of its own).
type Category uint8

// Categories, weakest first. The zero value is no category: the Value of an
// invalid hand.
const (
	NoCategory Category = iota
	HighCard
	Pair
	TwoPair
	Trips
	Straight
	Flush
	FullHouse
	Quads
	StraightFlush
)

// NumCategories counts the real categories, HighCard..StraightFlush.
const NumCategories = 9

var categoryWords = [...]string{"none", "high", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads", "straightflush"}

var categoryTitles = [...]string{"No hand", "High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house", "Four of a kind", "Straight flush"}

// String returns the category's one-word name as croupierctl prints it:
// high, pair, twopair, trips, straight, flush, fullhouse, quads,
// straightflush ("none" for NoCategory).
func (c Category) String() string {
	if int(c) >= len(categoryWords) {
		return "none"
	}
	return categoryWords[c]
}

// Title returns the category's English name ("Full house").
func (c Category) Title() string {
	if int(c) >= len(categoryTitles) {
		return categoryTitles[0]
	}
	return categoryTitles[c]
}

// ParseCategory reads a one-word category name as String writes it.
func ParseCategory(s string) (Category, bool) {
	for i, w := range categoryWords {
		if i > 0 && w == s {
			return Category(i), true
		}
	}
	return NoCategory, false
}
