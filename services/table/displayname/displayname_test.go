package displayname

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// Issue 11: display names are normalised, and names that hide or fake
// what they show are refused.
func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		err            error
	}{
		{"plain", "Alice", "Alice", nil},
		{"trimmed and spaces folded", "  Big\u00a0\u00a0 Slick \t", "Big Slick", nil},
		{"full width folded to ASCII", "Ａｌｉｃｅ", "Alice", nil},
		{"compatibility ligature decomposed", "ﬁsh", "fish", nil},
		{"composed (NFKC)", "Jose\u0301", "José", nil},
		{"digits and symbols", "Ace_of_♠ 2", "Ace_of_♠ 2", nil},
		{"one script other than Latin", "Иван", "Иван", nil},
		{"Greek alone", "Σωκράτης", "Σωκράτης", nil},
		{"CJK with Latin digits", "王小明88", "王小明88", nil},
		{"Latin with CJK", "Ming 明", "Ming 明", nil},
		{"empty", "", "", ErrEmpty},
		{"blank", " \t\u3000 ", "", ErrEmpty},
		{"right-to-left override", "Bob\u202egnp.exe", "", ErrDisallowed},
		{"left-to-right isolate", "\u2066Bob", "", ErrDisallowed},
		{"arabic letter mark", "Bob\u061c", "", ErrDisallowed},
		{"zero-width space", "Bo\u200bb", "", ErrDisallowed},
		{"zero-width joiner", "Bo\u200db", "", ErrDisallowed},
		{"zero-width non-joiner", "Bo\u200cb", "", ErrDisallowed},
		{"byte order mark", "\ufeffBob", "", ErrDisallowed},
		{"soft hyphen", "Bo\u00adb", "", ErrDisallowed},
		{"control", "Bob\x07", "", ErrDisallowed},
		{"newline", "Bob\nAlice", "", ErrDisallowed},
		{"private use", "Bob\ue000", "", ErrDisallowed},
		{"variation selector", "Bob\ufe0f", "", ErrDisallowed},
		{"hangul filler", "\u3164", "", ErrDisallowed},
		{"Latin with a Cyrillic a", "P\u0430ypal", "", ErrMixedScript},
		{"Latin with a Greek omicron", "G\u03bfogle", "", ErrMixedScript},
		{"Cyrillic with a Latin o", "Ив\u006fн", "", ErrMixedScript},
		{"too long", strings.Repeat("a", MaxRunes+1), "", ErrTooLong},
		{"longest", strings.Repeat("é", MaxRunes), strings.Repeat("é", MaxRunes), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Normalize(tc.in)
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !errors.Is(err, ErrBad) {
					t.Fatalf("Normalize(%q) = %q, %v; want %v", tc.in, got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestSeatLabelIsTheSeat(t *testing.T) {
	if got := SeatLabel(0); got != "Seat 1" {
		t.Fatalf("SeatLabel(0) = %q", got)
	}
}

// An accepted name is stable (normalising it again changes nothing), is
// valid UTF-8 of at most MaxRunes characters, and holds nothing invisible
// nor letters of two look-alike scripts.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Alice", " Big  Slick ", "P\u0430ypal", "Bob\u202e", "Ａｌｉｃｅ", "王小明88", "\u200b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := Normalize(in)
		if err != nil {
			if !errors.Is(err, ErrBad) {
				t.Fatalf("Normalize(%q): %v does not wrap ErrBad", in, err)
			}
			return
		}
		if !utf8.ValidString(out) || out == "" || utf8.RuneCountInString(out) > MaxRunes {
			t.Fatalf("Normalize(%q) = %q", in, out)
		}
		if out != strings.TrimSpace(out) || strings.Contains(out, "  ") {
			t.Fatalf("Normalize(%q) = %q: spaces not folded", in, out)
		}
		script := ""
		for _, r := range out {
			if invisible(r) {
				t.Fatalf("Normalize(%q) = %q holds %U", in, out, r)
			}
			if s := lookAlike(r); s != "" {
				if script != "" && s != script {
					t.Fatalf("Normalize(%q) = %q mixes %s and %s", in, out, script, s)
				}
				script = s
			}
		}
		again, err := Normalize(out)
		if err != nil || again != out {
			t.Fatalf("Normalize(Normalize(%q)) = %q, %v; want %q", in, again, err, out)
		}
	})
}
