package house

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
)

// PaytableLine is one line of a table's paytables: what a winning bet of
// kind Bet pays for Line ("25:1"), and where its table comes from (the
// rules' clause, "operator", or a placeholder not from the source). A
// casino poker table's paytables are part of its public description and
// of every round's record (issue 16: the table's paytable is operator
// data where the sources lack it).
type PaytableLine struct {
	Bet    string `json:"bet"`
	Line   string `json:"line"`
	Pays   string `json:"pays"`
	Source string `json:"source,omitempty"`
}

// Paytable lists the table's paytables, nil for a game without (its
// payouts are the rules').
func (c *Config) Paytable() []PaytableLine {
	switch {
	case c.CasinoHoldem != nil:
		return paytableLines(c.CasinoHoldem.Paytables)
	case c.CasinoTexas != nil:
		return paytableLines(c.CasinoTexas.Paytables)
	case c.Oasis != nil:
		return paytableLines(c.Oasis.Paytables)
	case c.Russian != nil:
		return paytableLines(c.Russian.Paytables)
	case c.Split != nil:
		return paytableLines(c.Split.Paytables)
	}
	return nil
}

// paytableLines reads an engine's paytables as they write themselves:
// each bet's table either a round.Paytable ({"pays": {...}, "source"})
// or an object of ratios with its source beside it ("ante",
// "ante_source"). Lines come lowest-paying first within a bet, bets in
// name order.
func paytableLines(p any) []PaytableLine {
	b, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return nil
	}
	var out []PaytableLine
	for _, bet := range slices.Sorted(maps.Keys(top)) {
		if strings.HasSuffix(bet, "_source") {
			continue
		}
		var t struct {
			Pays   map[string]round.Ratio `json:"pays"`
			Source string                 `json:"source"`
		}
		var flat map[string]round.Ratio
		switch {
		case json.Unmarshal(top[bet], &t) == nil && t.Pays != nil:
		case json.Unmarshal(top[bet], &flat) == nil:
			t.Pays = flat
			_ = json.Unmarshal(top[bet+"_source"], &t.Source)
		default:
			continue
		}
		lines := make([]PaytableLine, 0, len(t.Pays))
		for l, q := range t.Pays {
			lines = append(lines, PaytableLine{Bet: bet, Line: l, Pays: q.String(), Source: t.Source})
		}
		slices.SortFunc(lines, func(a, b PaytableLine) int {
			qa, qb := t.Pays[a.Line], t.Pays[b.Line]
			if c := compareRatio(qa, qb); c != 0 {
				return c
			}
			return strings.Compare(a.Line, b.Line)
		})
		out = append(out, lines...)
	}
	return out
}

func compareRatio(a, b round.Ratio) int {
	l, r := a.Num*b.Den, b.Num*a.Den
	switch {
	case l < r:
		return -1
	case l > r:
		return 1
	}
	return 0
}
