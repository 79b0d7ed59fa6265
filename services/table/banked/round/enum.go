package round

import (
	"fmt"
	"slices"
)

// Enum is the text form of a small enum T, as every engine writes its
// kinds, options and verdicts in JSON: value i is named Names[i]. A value
// without a name (a zero value that means "none") writes and reads as "";
// a value past the names has no text and is an error to write.
type Enum[T ~uint8] struct {
	// Type is what the values are, for messages ("command", "wheel").
	Type  string
	Names []string
}

// String is v's name, or Type(v) for a value without one.
func (e Enum[T]) String(v T) string {
	if int(v) < len(e.Names) && e.Names[v] != "" {
		return e.Names[v]
	}
	return fmt.Sprintf("%s(%d)", e.Type, uint8(v))
}

// Text is what v's MarshalText writes.
func (e Enum[T]) Text(v T) ([]byte, error) {
	if int(v) < len(e.Names) {
		return []byte(e.Names[v]), nil
	}
	return nil, fmt.Errorf("%s %d has no name", e.Type, uint8(v))
}

// Parse is what UnmarshalText does: it sets *v to the value named b and
// leaves *v alone on an unknown name. Names are not folded.
func (e Enum[T]) Parse(b []byte, v *T) error {
	i := slices.Index(e.Names, string(b))
	if i < 0 {
		return fmt.Errorf("unknown %s %q", e.Type, b)
	}
	*v = T(i)
	return nil
}
