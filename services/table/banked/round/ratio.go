package round

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Ratio is a payout N:D, as a paytable prints it: a winning stake s is
// paid s*N/D on top of it, rounded down to the minor unit. 0:1 pays
// nothing on top: the stake is returned.
type Ratio struct {
	Num int64 `json:"num"`
	Den int64 `json:"den"`
}

func (q Ratio) String() string { return fmt.Sprintf("%d:%d", q.Num, q.Den) }

// MarshalText writes the ratio as "25:1".
func (q Ratio) MarshalText() ([]byte, error) { return []byte(q.String()), nil }

// UnmarshalText reads a ratio written "25:1" or "3:2", checked as a
// paytable line (Check with MaxRatio); it leaves q alone on an error.
func (q *Ratio) UnmarshalText(b []byte) error {
	n, d, ok := strings.Cut(string(b), ":")
	num, err1 := strconv.ParseInt(n, 10, 64)
	den, err2 := strconv.ParseInt(d, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("ratio %q: want N:D, like 25:1", b)
	}
	r := Ratio{num, den}
	if err := r.Check(MaxRatio); err != nil {
		return err
	}
	*q = r
	return nil
}

// MaxRatio is the most a paytable line may pay, to one: 1000:1. With
// stakes capped at 2^40 minor units, a payout stays far from overflowing.
const MaxRatio int64 = 1000

// Check bounds a paytable line: a denominator 1 to 1000, at most most to
// one, never negative. The zero Ratio is "missing": a line an operator's
// table left out.
func (q Ratio) Check(most int64) error {
	switch {
	case q.Num == 0 && q.Den == 0:
		return errors.New("missing")
	case q.Den < 1 || q.Den > 1000:
		return fmt.Errorf("ratio %s: the denominator is 1 to 1000", q)
	case q.Num < 0 || q.Num > most*q.Den:
		return fmt.Errorf("ratio %s: want 0:1 to %d:1", q, most)
	}
	return nil
}

// Pay is what a winning stake is paid on top of it.
func (q Ratio) Pay(stake int64) int64 { return stake * q.Num / q.Den }
