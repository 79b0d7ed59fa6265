package ident

import (
	"regexp"
	"strings"
	"testing"
)

func TestPrintable(t *testing.T) {
	cases := []struct {
		name string
		s    string
		max  int
		want bool
	}{
		{"empty", "", MaxID, false},
		{"one byte", "a", MaxID, true},
		{"lowest byte", "!", MaxID, true},
		{"highest byte", "~", MaxID, true},
		{"128 bytes", strings.Repeat("k", 128), MaxID, true},
		{"129 bytes", strings.Repeat("k", 129), MaxID, false},
		{"space", "a b", MaxID, false},
		{"leading space", " a", MaxID, false},
		{"tab", "a\tb", MaxID, false},
		{"newline", "a\n", MaxID, false},
		{"NUL", "a\x00", MaxID, false},
		{"DEL", "a\x7f", MaxID, false},
		{"non-ASCII", "café", MaxID, false},
		{"invalid UTF-8", "a\xff", MaxID, false},
		{"punctuation", `t-1:h_2/x.y@z"'\`, MaxID, true},
		{"at a smaller max", "EUR", 3, true},
		{"over a smaller max", "EURO", 3, false},
	}
	for _, c := range cases {
		if got := Printable(c.s, c.max); got != c.want {
			t.Errorf("%s: Printable(%q, %d) = %v, want %v", c.name, c.s, c.max, got, c.want)
		}
	}
}

// walletPattern is the wallet's former definition of an id
// (ledger.idPattern). ID must accept exactly what it accepted: the wallet
// stores ids and keys that passed it.
var walletPattern = regexp.MustCompile(`^[\x21-\x7e]{1,128}$`)

var idSeeds = []string{
	"", "a", "!", "~", " ", "a b", "\x7f", "\x20a", "a\n", "a\r\n", "\n", "é", "a\xff", "\xc3", "\x00",
	strings.Repeat("k", 127), strings.Repeat("k", 128), strings.Repeat("k", 129), strings.Repeat("é", 64),
}

func TestIDIsTheWalletPattern(t *testing.T) {
	for _, s := range idSeeds {
		if got, want := ID(s), walletPattern.MatchString(s); got != want {
			t.Errorf("ID(%q) = %v, wallet pattern %v", s, got, want)
		}
	}
}

func FuzzIDIsTheWalletPattern(f *testing.F) {
	for _, s := range idSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := ID(s), walletPattern.MatchString(s); got != want {
			t.Errorf("ID(%q) = %v, wallet pattern %v", s, got, want)
		}
	})
}

func TestKeyRule(t *testing.T) {
	stored := KeyRule{Max: MaxKey}
	optional := KeyRule{Max: MaxKey, Optional: true}
	opaque := KeyRule{Max: 200, Optional: true, Opaque: true}
	cases := []struct {
		name string
		rule KeyRule
		key  string
		want bool
	}{
		{"stored: empty", stored, "", false},
		{"stored: one byte", stored, "k", true},
		{"stored: 128 bytes", stored, strings.Repeat("k", 128), true},
		{"stored: 129 bytes", stored, strings.Repeat("k", 129), false},
		{"stored: space", stored, "buy in", false},
		{"stored: non-ASCII", stored, "clé", false},
		{"stored: control", stored, "k\x01", false},
		{"optional: empty", optional, "", true},
		{"optional: 129 bytes", optional, strings.Repeat("k", 129), false},
		{"optional: space", optional, "buy in", false},
		{"opaque: empty", opaque, "", true},
		{"opaque: space", opaque, "buy in", true},
		{"opaque: non-ASCII", opaque, "clé", true},
		{"opaque: control", opaque, "k\x01\n", true},
		{"opaque: 200 bytes", opaque, strings.Repeat("k", 200), true},
		{"opaque: 201 bytes", opaque, strings.Repeat("k", 201), false},
		// Bytes, not characters: 67 three-byte runes are 201 bytes.
		{"opaque: 66 euro signs", opaque, strings.Repeat("€", 66), true},
		{"opaque: 67 euro signs", opaque, strings.Repeat("€", 67), false},
		{"required opaque: empty", KeyRule{Max: 200, Opaque: true}, "", false},
	}
	for _, c := range cases {
		if got := c.rule.Allows(c.key); got != c.want {
			t.Errorf("%s: Allows(%d bytes) = %v, want %v", c.name, len(c.key), got, c.want)
		}
	}
}

func TestTextRule(t *testing.T) {
	// The three rules the services apply: the table's names (characters,
	// no control characters), the wallet's notes (bytes, UTF-8), the
	// tournament's names and reasons (bytes only).
	name := TextRule{MaxRunes: 64, UTF8: true, NoControl: true}
	note := TextRule{MaxBytes: 512, UTF8: true}
	reason := TextRule{MaxBytes: 200}
	cases := []struct {
		name string
		rule TextRule
		s    string
		want Fault
	}{
		{"name: empty", name, "", OK},
		{"name: spaces and accents", name, "Café Royal", OK},
		{"name: 64 characters of 3 bytes", name, strings.Repeat("€", 64), OK},
		{"name: 65 characters", name, strings.Repeat("a", 65), TooLong},
		{"name: invalid UTF-8", name, "a\xffb", NotUTF8},
		// Encoding before length, length before control characters.
		{"name: invalid UTF-8 and too long", name, strings.Repeat("a", 70) + "\xff", NotUTF8},
		{"name: too long with a control character", name, strings.Repeat("a", 70) + "\n", TooLong},
		{"name: newline", name, "a\nb", Control},
		{"name: tab", name, "a\tb", Control},
		{"name: NUL", name, "a\x00", Control},
		{"name: DEL", name, "a\x7f", Control},
		{"name: C1 control", name, "a\u0085", Control},
		{"note: 512 bytes", note, strings.Repeat("n", 512), OK},
		{"note: 513 bytes", note, strings.Repeat("n", 513), TooLong},
		{"note: 171 three-byte runes (513 bytes)", note, strings.Repeat("€", 171), TooLong},
		{"note: newline is allowed", note, "line 1\nline 2", OK},
		{"note: invalid UTF-8", note, "\xc3", NotUTF8},
		{"reason: empty", reason, "", OK},
		{"reason: 200 bytes", reason, strings.Repeat("r", 200), OK},
		{"reason: 201 bytes", reason, strings.Repeat("r", 201), TooLong},
		{"reason: 66 euro signs", reason, strings.Repeat("€", 66), OK},
		{"reason: 67 euro signs", reason, strings.Repeat("€", 67), TooLong},
		{"reason: invalid UTF-8 is not checked", reason, "\xff", OK},
		{"reason: control is not checked", reason, "a\x00", OK},
	}
	for _, c := range cases {
		if got := c.rule.Check(c.s); got != c.want {
			t.Errorf("%s: Check(%q) = %v, want %v", c.name, c.s, got, c.want)
		}
	}
}
