package terms

// AddOnOpen reports whether the add-on may be bought at level (0-based),
// on a break or not: at the end of the rebuy period (GR H.16(a)(2)), that
// is during the break that follows the period's last level or, when there
// is no such break, during the first level after the period.
func (t *Terms) AddOnOpen(level int, onBreak bool) bool {
	if t.AddOnPrice <= 0 || t.RebuyLevels <= 0 {
		return false
	}
	last := t.RebuyLevels - 1
	if t.Levels[last].Break > 0 {
		return level == last && onBreak
	}
	return level == t.RebuyLevels && !onBreak
}

// AddOnEligible: during the add-on window, whatever the stack (H.16(a)(2)),
// once per player (docs/rules/cz-tournaments.md §2: "only one chance").
func (t *Terms) AddOnEligible(level int, onBreak, hadAddOn bool) bool {
	return t.AddOnOpen(level, onBreak) && !hadAddOn
}

// Money is a tournament's takings: the prize pool (every stake, rebuy and
// add-on: gr-regulation-1 B.48, GR H.34) and the casino's commission (every
// fee and nothing else: B.105, H.6).
type Money struct {
	Pool       int64 `json:"pool"`
	Commission int64 `json:"commission"`
}

// Add takes one charge.
func (m *Money) Add(c EntryCharge) {
	m.Pool += c.Stake
	m.Commission += c.Fee
}

// Sub gives one charge back (a refund).
func (m *Money) Sub(c EntryCharge) {
	m.Pool -= c.Stake
	m.Commission -= c.Fee
}

// DropBox is a table's share of the commission: after the seat draw and
// before play, the dealer of each table puts players × fee into its drop box
// (gr-regulation-2 Γ.6 mode 3; docs/rules/tournaments.md §6.1).
func DropBox(players int, fee int64) int64 { return int64(players) * fee }
