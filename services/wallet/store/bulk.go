package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A bulk statement reads, inserts or updates many rows at once: it takes
// them from a relation r that travels as parameters, so one statement and
// one round trip serve a thousand rows and its text is the same for any
// number of rows (it stays prepared). On PostgreSQL r is one array per
// column (unnest); on SQLite, one JSON array of rows (json_each): the
// SQLite driver binds parameters in time quadratic in their number, so a
// wide VALUES list would cost more than the statement. r.ord numbers the
// rows in the order given.

// bulkCol is one column of a bulk relation: integers, or text when text is
// set.
type bulkCol struct {
	name string
	ints []int64
	strs []string
	text bool
}

func intCol(name string, v []int64) bulkCol   { return bulkCol{name: name, ints: v} }
func textCol(name string, v []string) bulkCol { return bulkCol{name: name, strs: v, text: true} }

func (c bulkCol) len() int {
	if c.text {
		return len(c.strs)
	}
	return len(c.ints)
}

// relation returns the FROM item that presents cols (of equal length) as
// the relation r(cols..., ord), its parameters numbered from first, and
// the arguments for them.
func (d dialect) relation(first int, cols ...bulkCol) (string, []any, error) {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	if d.arrayParams {
		params := make([]string, len(cols))
		args := make([]any, len(cols))
		for i, c := range cols {
			params[i], args[i] = "$"+strconv.Itoa(first+i)+"::bigint[]", c.ints
			if c.text {
				params[i], args[i] = "$"+strconv.Itoa(first+i)+"::text[]", c.strs
			}
		}
		return "unnest(" + strings.Join(params, ", ") + ") WITH ORDINALITY AS r(" + strings.Join(names, ", ") + ", ord)", args, nil
	}
	fields := make([]string, len(cols))
	for i, name := range names {
		fields[i] = "value ->> " + strconv.Itoa(i) + " AS " + name
	}
	n := 0
	if len(cols) > 0 {
		n = cols[0].len()
	}
	for _, c := range cols {
		for _, v := range c.strs {
			if !utf8.ValidString(v) {
				// encoding/json would replace the bytes: refuse rather
				// than store other text (the ledger admits UTF-8 only).
				return "", nil, fmt.Errorf("store: bulk column %s holds invalid UTF-8", c.name)
			}
		}
	}
	rows := make([][]any, n)
	for r := range rows {
		rows[r] = make([]any, len(cols))
		for i, c := range cols {
			if c.text {
				rows[r][i] = c.strs[r]
			} else {
				rows[r][i] = c.ints[r]
			}
		}
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return "", nil, err
	}
	return "(SELECT " + strings.Join(fields, ", ") + ", key AS ord FROM json_each($" + strconv.Itoa(first) + ")) AS r",
		[]any{string(body)}, nil
}

// ascending returns ids sorted, each once: the order rows are locked in.
func ascending(ids []int64) []int64 {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return slices.Compact(ids)
}
