// Package batch ranks hands from a text stream, one hand per line, as fast
// as the evaluator can go: `croupierctl eval --batch` is a thin wrapper.
//
// A line holds card notations ("As", "td", "10h") separated by spaces, tabs
// or commas. For GameHigh it is 5..7 cards; for GameOmaha four hole cards,
// "|", then 3..5 board cards; for GameTwoPlusThree two hole cards, "|",
// 3..5 board cards. A "|" is also allowed in a GameHigh line. Blank lines
// are skipped. For each hand Run writes "<category> <rank>\n": the
// one-word category (high, pair, twopair, trips, straight, flush,
// fullhouse, quads, straightflush) and the rank.Value, 1..7462, higher is
// better, equal for equal hands, comparable across every line. A line that
// is not a valid hand gives "invalid <REASON>\n" (the reasons of package
// reason), and a message naming the line on the error writer.
//
// Parsing and ranking do not allocate; output is buffered.
package batch

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Stats counts what a run saw.
type Stats struct {
	Hands   int // lines ranked
	Invalid int // lines rejected
}

// MaxLine is the longest line Run accepts.
const MaxLine = 1 << 16

// Run reads hands from r until EOF and writes one result line per hand to
// w, and one message per rejected line to errw. The error is an I/O error
// or a line longer than MaxLine; rejected lines are only counted.
func Run(r io.Reader, w, errw io.Writer, g rank.Game) (Stats, error) {
	var st Stats
	switch g {
	case rank.GameHigh, rank.GameOmaha, rank.GameTwoPlusThree:
	default:
		return st, fmt.Errorf("%w: %d", rank.ErrUnknownGame, uint8(g))
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLine)
	out := bufio.NewWriterSize(w, 64<<10)
	buf := make([]byte, 0, 32)
	var h Hand
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		code := h.Parse(line)
		if code == Empty {
			continue
		}
		if code == OK {
			code = h.check(g)
		}
		if code != OK {
			st.Invalid++
			buf = append(append(buf[:0], "invalid "...), code.Reason()...)
			fmt.Fprintf(errw, "line %d: %s: %q\n", n, code, line)
		} else {
			st.Hands++
			v := h.Eval(g)
			buf = append(append(buf[:0], v.Category().String()...), ' ')
			buf = strconv.AppendUint(buf, uint64(v), 10)
		}
		buf = append(buf, '\n')
		if _, err := out.Write(buf); err != nil {
			return st, err
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		return st, err
	}
	return st, out.Flush()
}

// Hand is one parsed line: the cards before the "|" (all of them when
// there is none) and after it.
type Hand struct {
	Hole, Board   [8]card.Card
	NHole, NBoard int
	Bar           bool // the line had a "|"
}

// Code is the outcome of parsing or checking a line.
type Code uint8

// Codes.
const (
	OK Code = iota
	Empty
	BadNotation
	Duplicate
	WrongCount
)

// Reason returns the API reason of a rejection.
func (c Code) Reason() string {
	switch c {
	case BadNotation:
		return reason.BadCardNotation
	case Duplicate:
		return reason.DuplicateCard
	case WrongCount:
		return reason.WrongCardCount
	}
	return ""
}

func (c Code) String() string {
	switch c {
	case OK:
		return "ok"
	case Empty:
		return "empty line"
	case BadNotation:
		return "bad card notation (want cards like As, Td, 10h)"
	case Duplicate:
		return "a card appears twice"
	case WrongCount:
		return "wrong number of cards"
	}
	return "unknown"
}

// rankOf and suitOf map notation bytes to rank+1 and suit+1 (0: not one).
var rankOf, suitOf = func() (r, s [256]uint8) {
	for i, c := range "23456789TJQKA" {
		r[c] = uint8(i + 1)
		r[c|0x20] = uint8(i + 1) // lower case: "td", "as"
	}
	for i, c := range "cdhs" {
		s[c] = uint8(i + 1)
		s[c&^0x20] = uint8(i + 1) // upper case: "AS"
	}
	return r, s
}()

func separator(b byte) bool { return b == ' ' || b == '\t' || b == ',' || b == '\r' }

// Parse reads a line's cards, with card.Parse's notation: a rank
// (23456789TJQKA, any case, or 10) and a suit (cdhs, any case).
func (h *Hand) Parse(line []byte) Code {
	h.NHole, h.NBoard, h.Bar = 0, 0, false
	var seen card.Set
	i, n := 0, len(line)
	for {
		for i < n && separator(line[i]) {
			i++
		}
		if i == n {
			break
		}
		if line[i] == '|' {
			if h.Bar {
				return BadNotation
			}
			h.Bar = true
			i++
			continue
		}
		start := i
		for i < n && !separator(line[i]) && line[i] != '|' {
			i++
		}
		tok := line[start:i]
		var r, s uint8
		switch {
		case len(tok) == 2:
			r, s = rankOf[tok[0]], suitOf[tok[1]]
		case len(tok) == 3 && tok[0] == '1' && tok[1] == '0':
			r, s = rankOf['T'], suitOf[tok[2]]
		}
		if r == 0 || s == 0 {
			return BadNotation
		}
		c := card.New(card.Rank(r-1), card.Suit(s-1))
		if seen.Has(c) {
			return Duplicate
		}
		seen = seen.Add(c)
		if h.Bar {
			if h.NBoard == len(h.Board) {
				return WrongCount
			}
			h.Board[h.NBoard] = c
			h.NBoard++
		} else {
			if h.NHole == len(h.Hole) {
				return WrongCount
			}
			h.Hole[h.NHole] = c
			h.NHole++
		}
	}
	if h.NHole+h.NBoard == 0 && !h.Bar {
		return Empty
	}
	return OK
}

// check validates the counts for the game.
func (h *Hand) check(g rank.Game) Code {
	switch g {
	case rank.GameHigh:
		if n := h.NHole + h.NBoard; n < 5 || n > 7 {
			return WrongCount
		}
	case rank.GameOmaha, rank.GameTwoPlusThree:
		want := 4
		if g == rank.GameTwoPlusThree {
			want = 2
		}
		if !h.Bar || h.NHole != want || h.NBoard < 3 || h.NBoard > 5 {
			return WrongCount
		}
	}
	return OK
}

// Eval ranks a checked hand.
func (h *Hand) Eval(g rank.Game) rank.Value {
	switch g {
	case rank.GameOmaha:
		return rank.Omaha(h.Hole[:h.NHole], h.Board[:h.NBoard])
	case rank.GameTwoPlusThree:
		return rank.TwoPlusThree(h.Hole[:h.NHole], h.Board[:h.NBoard])
	}
	var all [7]card.Card
	n := copy(all[:], h.Hole[:h.NHole])
	n += copy(all[n:], h.Board[:h.NBoard])
	return rank.Best(all[:n]...)
}
