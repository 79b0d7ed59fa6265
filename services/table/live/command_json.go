package live

import (
	"encoding/json"
	"strconv"
)

// AppendJSON appends the command as encoding/json writes it (the log's
// format: MarshalCommand), byte for byte. A player's action, the command
// nearly every commit stores, has only numbers and plain text: those are
// written here, without the reflection that made encoding/json's walk of the
// 35 fields a third of a commit's encoding. Any other command is handed to
// encoding/json.
func (c *Command) AppendJSON(b []byte) ([]byte, error) {
	plain, text := c.plain()
	if !plain {
		out, err := json.Marshal(c)
		return append(b, out...), err
	}
	// One allocation for the whole command: its numbers and keys take
	// at most about 200 bytes besides its texts.
	if n := 200 + text; cap(b)-len(b) < n {
		b = append(make([]byte, 0, len(b)+n), b...)
	}
	b = append(b, `{"k":`...)
	b = strconv.AppendUint(b, uint64(c.Kind), 10)
	b = append(b, `,"t":`...)
	b = strconv.AppendInt(b, c.At, 10)
	b = appendText(b, `,"w":`, c.Who)
	b = appendText(b, `,"n":`, c.Name)
	b = appendInt(b, `,"s":`, int64(c.Seat))
	b = appendText(b, `,"h":`, c.Hand)
	b = appendInt(b, `,"q":`, int64(c.Seq))
	if c.Action != 0 {
		b = appendText(b, `,"a":`, c.Action.String())
	}
	b = appendInt(b, `,"m":`, c.Amount)
	b = appendText(b, `,"key":`, c.Key)
	b = appendText(b, `,"fp":`, c.Fingerprint)
	b = appendTrue(b, `,"f":true`, c.Flag)
	b = appendText(b, `,"r":`, c.Reason)
	b = appendText(b, `,"acct":`, c.Account)
	b = appendText(b, `,"hold":`, c.Hold)
	b = appendText(b, `,"intent":`, c.Intent)
	b = appendInt(b, `,"entry":`, int64(c.Entry))
	b = appendTrue(b, `,"miss":true`, c.MissHand)
	b = appendTrue(b, `,"dead_big":true`, c.DeadBig)
	b = appendTrue(b, `,"shot":true`, c.Shot)
	b = appendInt(b, `,"ret":`, int64(c.Return))
	b = appendText(b, `,"outcome":`, c.Outcome)
	if c.Serial != 0 {
		b = append(b, `,"serial":`...)
		b = strconv.AppendUint(b, c.Serial, 10)
	}
	return append(b, '}'), nil
}

// plain reports whether AppendJSON writes c itself (no field that is a
// pointer or a slice is set, and every text is plain: plainText), and the
// length of its texts.
func (c *Command) plain() (bool, int) {
	if c.Bank != nil || c.Ext != nil || c.Stakes != nil || c.Clock != nil ||
		len(c.Awards) > 0 || len(c.Shoe) > 0 || len(c.Commitment) > 0 || len(c.Ranks) > 0 {
		return false, 0
	}
	n := 0
	for _, s := range [...]string{c.Who, c.Name, c.Hand, c.Key, c.Fingerprint, c.Reason, c.Account, c.Hold, c.Intent, c.Outcome, c.Action.String()} {
		if !plainText(s) {
			return false, 0
		}
		n += len(s)
	}
	return true, n
}

// plainText reports whether encoding/json writes s as it is between
// quotes: printable ASCII but for the quote, the backslash and the three
// characters it escapes for HTML (<, >, &).
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c > 0x7e, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// appendText appends the key and the quoted text, unless it is empty
// (omitempty).
func appendText(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, key...)
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendInt appends the key and n, unless it is 0 (omitempty).
func appendInt(b []byte, key string, n int64) []byte {
	if n == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), n, 10)
}

// appendTrue appends field (key and value) if set (omitempty).
func appendTrue(b []byte, field string, set bool) []byte {
	if !set {
		return b
	}
	return append(b, field...)
}
