// Package ident holds the one definition of the strings a request names
// things with — ids and idempotency keys — and of the free text it carries
// (names, reasons, notes). The services check their fields here, so an id
// the table accepts passes the wallet's check too; each API keeps its own
// reason strings and maps a failed check to them.
package ident

import (
	"unicode"
	"unicode/utf8"
)

// Limits shared by the services.
const (
	// MaxID is the longest id (owner, partner, table, hand...) the wallet
	// stores, in bytes.
	MaxID = 128
	// MaxKey is the longest idempotency key the wallet and the table
	// store, in bytes: a key is an id.
	MaxKey = MaxID
	// MinIDByte and MaxIDByte bound the id alphabet: printable ASCII
	// without space ('!' to '~'), so an id is safe in logs, storage keys
	// and page tokens, and needs no quoting.
	MinIDByte = 0x21
	MaxIDByte = 0x7e
)

// Printable reports whether s is 1 to max bytes, each from the id alphabet
// (MinIDByte to MaxIDByte). Services bound their own ids more tightly
// (a table id, a currency) with a smaller max.
func Printable(s string, max int) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < MinIDByte || s[i] > MaxIDByte {
			return false
		}
	}
	return true
}

// ID reports whether s is an id as the wallet stores it: 1 to MaxID bytes
// of the id alphabet.
func ID(s string) bool { return Printable(s, MaxID) }

// KeyRule is how one API bounds its idempotency keys. The wallet's and
// the table's keys are stored as ids (KeyRule{Max: MaxKey}); the
// tournament service only hashes its keys into workflow and update ids,
// so any bytes will do there (Opaque) and a request without one is simply
// not deduplicated (Optional).
type KeyRule struct {
	// Max is the longest key, in bytes.
	Max int
	// Optional allows the empty key: the request is not deduplicated.
	Optional bool
	// Opaque allows any bytes, not only the id alphabet.
	Opaque bool
}

// Allows reports whether key passes the rule.
func (r KeyRule) Allows(key string) bool {
	switch {
	case key == "":
		return r.Optional
	case r.Opaque:
		return len(key) <= r.Max
	}
	return Printable(key, r.Max)
}

// TextRule is how one API bounds a free-text field. The empty text always
// passes: a field that must be present says so itself.
type TextRule struct {
	// MaxBytes is the longest text in bytes (0: no bound in bytes).
	MaxBytes int
	// MaxRunes is the longest text in characters (0: no bound in
	// characters).
	MaxRunes int
	// UTF8 refuses text that is not valid UTF-8.
	UTF8 bool
	// NoControl refuses control characters (unicode.IsControl: C0, DEL,
	// C1), which would break a log line or a rendered name.
	NoControl bool
}

// Fault is why a text fails its rule, in the order the rule checks.
type Fault int

// Faults.
const (
	// OK: the text passes.
	OK Fault = iota
	// NotUTF8: the rule asks for UTF-8 and the text is not.
	NotUTF8
	// TooLong: longer than MaxBytes or MaxRunes.
	TooLong
	// Control: a control character, and the rule refuses them.
	Control
)

func (f Fault) String() string {
	switch f {
	case OK:
		return "ok"
	case NotUTF8:
		return "not UTF-8"
	case TooLong:
		return "too long"
	case Control:
		return "control character"
	}
	return "unknown"
}

// Check returns the first fault of s: encoding, then length, then control
// characters (an API that words them differently relies on this order).
func (r TextRule) Check(s string) Fault {
	if r.UTF8 && !utf8.ValidString(s) {
		return NotUTF8
	}
	if r.MaxBytes > 0 && len(s) > r.MaxBytes {
		return TooLong
	}
	if r.MaxRunes > 0 && utf8.RuneCountInString(s) > r.MaxRunes {
		return TooLong
	}
	if r.NoControl {
		for _, c := range s {
			if unicode.IsControl(c) {
				return Control
			}
		}
	}
	return OK
}
