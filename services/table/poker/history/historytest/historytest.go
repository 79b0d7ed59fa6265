// Package historytest totals a PokerStars export the way a tracking tool
// does — the chips each line moves — and compares the totals with the
// hand's record, for the tests of the export (issue 21). It reads only the
// lines that move chips; whether a third-party parser reads every line is
// tools/hhcheck's question.
package historytest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/poker/history"
)

// Ledger is what a text says each player (by name) had and moved.
type Ledger struct {
	// Stack is each seat line's chips before the hand.
	Stack map[string]int64
	// In is what he put in: posts, bets, calls, raises, bring-ins,
	// completions; Back the uncalled bets returned to him; Won what he
	// collected.
	In, Back, Won map[string]int64
	// Total and Rake are the summary's; HasTotal reports a Total pot line.
	Total, Rake int64
	HasTotal    bool
}

// Lines that move chips. Blinds count in the first betting round, whose
// header (HOLE CARDS, a stud game's first street) follows them; of "small
// & big blinds" only the big blind is live, as on PokerStars.
var (
	seatLine   = regexp.MustCompile(`^Seat \d+: (.+) \((\S+) in chips\)$`)
	postLine   = regexp.MustCompile(`^(.+): posts (the ante|small blind|big blind|straddle|small & big blinds) (\S+)(?: and is all-in)?$`)
	callLine   = regexp.MustCompile(`^(.+): calls (\S+)(?: and is all-in)?$`)
	toLine     = regexp.MustCompile(`^(.+): (?:bets|raises \S+ to|brings in for|completes it to) (\S+)(?: and is all-in)?$`)
	returnLine = regexp.MustCompile(`^Uncalled bet \((\S+)\) returned to (.+)$`)
	wonLine    = regexp.MustCompile(`^(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?$`)
	totalLine  = regexp.MustCompile(`^Total pot (\S+)(?: Main pot .*)? \| Rake (\S+)$`)
	streetLine = regexp.MustCompile(`^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|\d\w\w STREET) \*\*\*`)
)

// Read totals text, an export of rec (whose stakes give the amounts'
// exponent and the small blind).
func Read(rec *history.Record, text string) (Ledger, error) {
	l := Ledger{Stack: map[string]int64{}, In: map[string]int64{}, Back: map[string]int64{}, Won: map[string]int64{}}
	exp := rec.Rules.Stakes.Exponent
	round := map[string]int64{} // this betting round's bet by player
	started, summary := false, false
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		var err error
		amt := func(s string) int64 {
			v, e := Minor(s, exp)
			if e != nil && err == nil {
				err = e
			}
			return v
		}
		if line == "*** SUMMARY ***" {
			summary = true
			continue
		}
		if summary {
			if m := totalLine.FindStringSubmatch(line); m != nil {
				l.Total, l.Rake, l.HasTotal = amt(m[1]), amt(m[2]), true
			}
		} else if m := streetLine.FindStringSubmatch(line); m != nil {
			if started {
				round = map[string]int64{}
			}
			started = true
		} else if m := seatLine.FindStringSubmatch(line); m != nil && !started {
			l.Stack[m[1]] = amt(m[2])
		} else if m := postLine.FindStringSubmatch(line); m != nil {
			v := amt(m[3])
			l.In[m[1]] += v
			switch m[2] {
			case "the ante":
			case "small & big blinds":
				round[m[1]] += v - rec.Rules.Stakes.SmallBlind
			default:
				round[m[1]] += v
			}
		} else if m := callLine.FindStringSubmatch(line); m != nil {
			l.In[m[1]] += amt(m[2])
			round[m[1]] += amt(m[2])
		} else if m := toLine.FindStringSubmatch(line); m != nil {
			l.In[m[1]] += amt(m[2]) - round[m[1]]
			round[m[1]] = amt(m[2])
		} else if m := returnLine.FindStringSubmatch(line); m != nil {
			l.Back[m[2]] += amt(m[1])
		} else if m := wonLine.FindStringSubmatch(line); m != nil {
			l.Won[m[1]] += amt(m[2])
		}
		if err != nil {
			return l, fmt.Errorf("line %q: %w", line, err)
		}
	}
	return l, nil
}

// Check totals text and compares it with rec: every player's stack before
// the hand, less what he put in, plus what came back and what he
// collected, is his stack after it; the money put in less the returns is
// the summary's total pot, the rake is the record's, and what was
// collected is the pot less the rake and a held pot. A cancelled hand
// moves nothing.
func Check(rec *history.Record, text string) error {
	l, err := Read(rec, text)
	if err != nil {
		return err
	}
	var pot, won int64
	for _, s := range rec.Seats {
		name := s.Name
		if st, ok := l.Stack[name]; !ok || st != s.Stack {
			return fmt.Errorf("%s: the text's stack is %d (listed: %v), the record's %d", name, st, ok, s.Stack)
		}
		if got := s.Stack - l.In[name] + l.Back[name] + l.Won[name]; got != s.Final {
			return fmt.Errorf("%s: the text totals %d after the hand (stack %d, in %d, back %d, won %d), the record %d",
				name, got, s.Stack, l.In[name], l.Back[name], l.Won[name], s.Final)
		}
		pot += l.In[name] - l.Back[name]
		won += l.Won[name]
	}
	if rec.Result == "misdeal" || rec.Result == "cancelled" {
		if pot != 0 || won != 0 {
			return fmt.Errorf("a %s hand puts %d in the pot and pays %d", rec.Result, pot, won)
		}
		return nil
	}
	switch {
	case !l.HasTotal:
		return fmt.Errorf("no Total pot line")
	case l.Total != pot || l.Rake != rec.Rake:
		return fmt.Errorf("the summary says total pot %d, rake %d; the lines put %d in, the record's rake is %d", l.Total, l.Rake, pot, rec.Rake)
	case won != pot-l.Rake-rec.Held:
		return fmt.Errorf("%d collected from a pot of %d less rake %d and %d held", won, pot, l.Rake, rec.Held)
	}
	return nil
}

// Minor reads an amount as the export writes it ("$12.50", "€3", "1500")
// in minor units of a currency with exponent exp.
func Minor(s string, exp int) (int64, error) {
	s = strings.TrimLeftFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	whole, frac, dot := strings.Cut(s, ".")
	if dot && len(frac) != exp {
		return 0, fmt.Errorf("amount %q: %d decimals, the currency has %d", s, len(frac), exp)
	}
	frac += strings.Repeat("0", exp-len(frac))
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, err)
	}
	return v, nil
}
