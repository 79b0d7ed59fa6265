// Package displayname is the one rule for the names players show at a
// table (and, later, in a tournament's standings): what is accepted, how it
// is normalised, and what shows when a player gives none. It has no
// dependency on the table service so any service may take it.
//
// A name is normalised with the PRECIS Nickname profile (RFC 8266: width
// and compatibility mapping to NFKC, every kind of space mapped to one
// ASCII space, leading and trailing spaces trimmed, runs of spaces folded)
// and then refused if it
//   - is empty after that (the caller shows an anonymous seat label
//     instead, never the player id),
//   - holds a control, format (bidirectional overrides and isolates,
//     zero-width spaces and joiners, soft hyphens), private-use,
//     surrogate or unassigned code point (PRECIS refuses most; the check
//     after it refuses the rest),
//   - mixes letters of scripts that look alike (Latin, Greek, Cyrillic,
//     Armenian, Cherokee): "Pаypal" with a Cyrillic "а",
//   - is longer than MaxRunes.
//
// Whole-script look-alikes ("аррӏе", all Cyrillic) and look-alikes inside
// one script are not caught: that needs Unicode's confusables table.
package displayname

import (
	"errors"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/secure/precis"
)

// MaxRunes is the longest name accepted, in characters after
// normalisation.
const MaxRunes = 32

// Errors (each wraps ErrBad).
var (
	// ErrBad is every refusal.
	ErrBad = errors.New("bad display name")
	// ErrEmpty: nothing left after normalisation.
	ErrEmpty = wrap("it is empty")
	// ErrTooLong: more than MaxRunes characters.
	ErrTooLong = wrap("it is longer than " + strconv.Itoa(MaxRunes) + " characters")
	// ErrDisallowed: a control, format or otherwise invisible character.
	ErrDisallowed = wrap("it holds a control, formatting or invisible character")
	// ErrMixedScript: letters of scripts that look alike.
	ErrMixedScript = wrap("it mixes letters of look-alike scripts (Latin, Greek, Cyrillic, ...)")
)

type nameError struct{ why string }

func (e *nameError) Error() string        { return "display name refused: " + e.why }
func (e *nameError) Is(target error) bool { return target == ErrBad }

func wrap(why string) error { return &nameError{why: why} }

// Normalize returns the name as it is to be shown, or an error saying why
// it is refused.
func Normalize(name string) (string, error) {
	// Cheap bound before PRECIS: a very long input is refused unread.
	if len(name) > 8*MaxRunes {
		return "", ErrTooLong
	}
	// Surrounding whitespace (tabs and newlines too) is trimmed; inside
	// the name a tab or a line break is a control character.
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrEmpty
	}
	for _, r := range name {
		if invisible(r) {
			return "", ErrDisallowed
		}
	}
	out, err := precis.Nickname.String(name)
	if err != nil {
		return "", ErrDisallowed
	}
	if out == "" {
		return "", ErrEmpty
	}
	n := 0
	script := ""
	for _, r := range out {
		n++
		if invisible(r) || !unicode.IsPrint(r) && r != ' ' {
			return "", ErrDisallowed
		}
		if s := lookAlike(r); s != "" {
			if script != "" && s != script {
				return "", ErrMixedScript
			}
			script = s
		}
	}
	if n > MaxRunes {
		return "", ErrTooLong
	}
	return out, nil
}

// invisible: a code point that changes how the text around it shows, or
// shows nothing: controls, formats (bidi controls, zero-width characters),
// private use, surrogates, unassigned, and the variation selectors and
// fillers Unicode lists as default-ignorable.
func invisible(r rune) bool {
	switch {
	case r == ' ':
		return false
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp):
		return true
	case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector):
		return true
	case r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0: // Hangul fillers
		return true
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z):
		return true // unassigned
	}
	return false
}

// confusable are the scripts whose letters pass for one another.
var confusable = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Latin", unicode.Latin}, {"Greek", unicode.Greek}, {"Cyrillic", unicode.Cyrillic},
	{"Armenian", unicode.Armenian}, {"Cherokee", unicode.Cherokee},
}

// lookAlike names r's script if it is a letter of a confusable script.
func lookAlike(r rune) string {
	if !unicode.IsLetter(r) {
		return ""
	}
	for _, s := range confusable {
		if unicode.Is(s.table, r) {
			return s.name
		}
	}
	return ""
}

// SeatLabel is what shows for a player who gave no name: his seat, never
// his player id.
func SeatLabel(seat int) string { return "Seat " + strconv.Itoa(seat+1) }
