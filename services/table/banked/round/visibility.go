package round

// Visibility is who may see a card, as a card game's engine marks it
// when it deals or shows one: the table core shows each viewer what the
// marks let him see (ARCHITECTURE principle 4) and the engine decides
// nothing beyond the mark.
type Visibility uint8

// Visibilities. The zero Visibility is none: an event without cards.
const (
	// Public: everyone at the table, observers too (a board, a face-up
	// card, every card a showdown shows).
	Public Visibility = iota + 1
	// Private: the player of the card's box only (a face-down box card).
	Private
	// Hidden: nobody at the table: a dealer's face-down card until the
	// rules show it, a burn for ever.
	Hidden
)

var visibilityNames = Enum[Visibility]{Type: "visibility", Names: []string{"", "public", "private", "hidden"}}

func (v Visibility) String() string { return visibilityNames.String(v) }

// MarshalText writes the name.
func (v Visibility) MarshalText() ([]byte, error) { return visibilityNames.Text(v) }

// UnmarshalText reads a name.
func (v *Visibility) UnmarshalText(b []byte) error { return visibilityNames.Parse(b, v) }
