package history

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // the ET timestamp tracking tools read needs America/New_York everywhere
	"unicode"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/rank"
)

// PokerStarsOptions choose whose cards a PokerStars export shows.
type PokerStarsOptions struct {
	// Hero is the seat whose own cards are printed ("Dealt to"), -1 none.
	// There is at most one: a tracker takes the first player dealt face-down
	// cards as the file's owner. Everyone else's hidden cards stay out,
	// whatever the record holds, so an operator's export is an observer's;
	// the full view is the JSON record.
	Hero int
}

// Lines of the format this exporter writes. The layout follows the text
// PokerStars writes for its cash games, as parsed by tracking tools
// (Hold'em Manager, PokerTracker):
//
//	PokerStars Hand #N:  Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]
//	Table 'Name' 6-max Seat #4 is the button
//	Seat 1: name ($97 in chips)
//	name: posts small blind $0.50
//	*** HOLE CARDS ***
//	Dealt to hero [As 8c]
//	name: raises $1.50 to $2.50
//	name: calls $11.26 and is all-in
//	Uncalled bet ($5.04) returned to name
//	*** FLOP *** [Th 6d 6c]
//	*** SHOW DOWN ***
//	name: shows [5h Ah] (a flush, Ace high)
//	name collected $200 from side pot-2
//	*** SUMMARY ***
//	Total pot 550 Main pot 200. Side pot-1 150. Side pot-2 200. | Rake 0
//	Seat 1: name (button) showed [5h Ah] and won ($46.09) with a flush, Ace high
//
// Spread limit is written as "Limit"; stud streets as "3rd STREET" ...
// "RIVER". What PokerStars never prints is written in forms the parsers
// skip or already know (docs/table.md, "Hand histories"):
//
//	Dealer: the hand of name is void (reason)     a voided seat, then
//	Uncalled bet ($0.25) returned to name         what came back, if any
//	Hand cancelled                                a misdeal: no posts, no cards

var ny = func() *time.Location {
	l, err := time.LoadLocation("America/New_York")
	if err != nil {
		return time.FixedZone("ET", -5*3600)
	}
	return l
}()

// PokerStars writes the record as PokerStars hand-history text.
func (r *Record) PokerStars(o PokerStarsOptions) string {
	w := psWriter{r: r, o: o, m: moneyOf(r.Rules.Stakes)}
	if r.Result == "misdeal" || r.Result == "cancelled" {
		return w.cancelled()
	}
	return w.write()
}

type psWriter struct {
	r     *Record
	o     PokerStarsOptions
	m     money
	b     strings.Builder
	stack map[int]int64
	bet   map[int]int64
	high  int64
	// owed are the insufficient bets not completed yet, by seat.
	owed map[int]Action
}

// bySeat is the record's seats in seat order, as PokerStars lists them in
// the header and the summary (the record keeps them in dealing order, from
// the button's left).
func (w *psWriter) bySeat() []Seat {
	return slices.SortedFunc(slices.Values(w.r.Seats), func(a, b Seat) int { return a.Seat - b.Seat })
}

func (w *psWriter) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *psWriter) name(seat int) string {
	if s := w.r.Seat(seat); s != nil {
		switch {
		case s.Name != "":
			return oneLine(s.Name)
		case s.Player != "":
			return oneLine(s.Player)
		}
	}
	return fmt.Sprintf("Seat %d", seat+1)
}

// oneLine keeps free text (names, reasons) on its line: a line break in it
// would start a line the parsers read as the hand's.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

func (w *psWriter) write() string {
	r := w.r
	stud := r.Rules.Game.Stud()
	w.stack, w.owed = map[int]int64{}, map[int]Action{}
	for _, s := range r.Seats {
		w.stack[s.Seat] = s.Stack
	}
	w.header()
	w.posts()
	last := 0
	for _, d := range r.Deals {
		last = max(last, d.Street)
	}
	for _, a := range r.Actions {
		last = max(last, a.Street)
	}
	for k := 0; k <= last && k < len(r.Streets); k++ {
		w.street(k, stud)
		w.bet, w.high = map[int]int64{}, 0
		if k == 0 {
			for _, p := range r.Posts {
				if p.Kind != "ante" && p.Kind != "dead_small" && p.Kind != "dead_big" {
					w.bet[p.Seat] += p.Amount
					w.high = max(w.high, w.bet[p.Seat])
				}
			}
		}
		done := make([]bool, len(r.Returns))
		returned := func(seat int) {
			for i, ret := range r.Returns {
				if ret.Street == k && (seat < 0 || ret.Seat == seat) && !done[i] {
					done[i] = true
					w.line("Uncalled bet (%s) returned to %s", w.m.amt(ret.Amount), w.name(ret.Seat))
				}
			}
		}
		for _, a := range r.Actions {
			if a.Street != k {
				continue
			}
			if a.Input.Command == "void_seat" {
				// A bet returned to a seat later voided went back when the
				// round closed, before the void (the sole winner's hand
				// found wrong, G2.7): a seat out of the hand gets nothing
				// back at a close.
				returned(a.Seat)
			}
			w.action(a)
		}
		for _, seat := range slices.Sorted(maps.Keys(w.owed)) {
			w.forfeit(seat)
		}
		returned(-1)
	}
	pots := w.pots()
	switch {
	case r.Showdown:
		w.showdown()
	case r.Result == "complete" && len(pots) > 0:
		won := map[int]int64{}
		var order []int
		for _, p := range pots {
			for _, seat := range p.Winners {
				if _, ok := won[seat]; !ok {
					order = append(order, seat)
				}
				won[seat] += p.Shares[seat]
			}
		}
		for _, seat := range order {
			w.line("%s collected %s from pot", w.name(seat), w.m.amt(won[seat]))
		}
		for _, seat := range order {
			w.line("%s: doesn't show hand", w.name(seat))
		}
	case r.Held > 0:
		w.line("Dealer: the pot (%s) is held for the casino's decision", w.m.amt(r.Held))
	}
	w.summary(stud, pots)
	return w.b.String()
}

// header writes the hand and table lines and the seats, in seat order.
func (w *psWriter) header() {
	r := w.r
	st := r.Rules.Stakes
	lo, hi := st.SmallBlind, st.BigBlind
	if r.Rules.Structure.Limit() {
		lo, hi = st.SmallBet, st.BigBet
		if r.Rules.Structure == betting.SpreadLimit {
			lo, hi = st.SpreadMin, st.SpreadMax
		}
	} else if hi == 0 {
		lo, hi = st.BringIn, st.MinBet
	}
	game := gameName(r.Rules.Game) + " " + structureName(r.Rules.Structure)
	var stakes string
	if w.m.code != "" {
		stakes = fmt.Sprintf("%s/%s %s", w.m.fixed(lo), w.m.fixed(hi), w.m.code)
	} else {
		stakes = fmt.Sprintf("%s/%s", w.m.amt(lo), w.m.amt(hi))
	}
	at := r.At.UTC()
	w.line("PokerStars Hand #%d:  %s (%s) - %s UTC [%s ET]", r.psNumber(), game, stakes, stamp(at), stamp(at.In(ny)))
	table := r.psTable()
	if r.Rules.Game.Stud() {
		w.line("Table '%s' %d-max", table, r.Rules.MaxSeats)
	} else {
		w.line("Table '%s' %d-max Seat #%d is the button", table, r.Rules.MaxSeats, r.Button+1)
	}
	for _, s := range w.bySeat() {
		w.line("Seat %d: %s (%s in chips)", s.Seat+1, w.name(s.Seat), w.m.amt(s.Stack))
	}
}

// psNumber is the hand's number in the header. Trackers de-duplicate hands
// on it, so it is the deployment-wide Serial; a table's Number, which
// restarts on every table, or a hash of the id for records without one.
func (r *Record) psNumber() uint64 {
	switch {
	case r.Serial != 0:
		return r.Serial
	case r.Number != 0:
		return r.Number
	}
	h := fnv.New64a()
	h.Write([]byte(r.HandID))
	return h.Sum64() % 1_000_000_000_000
}

// psTable is the table's name in the header: its display name, else its
// id. Parsers read the name up to the next quote (Table '([^']+)'), so a
// quote in it becomes a typographic apostrophe.
func (r *Record) psTable() string {
	name := r.TableName
	if name == "" {
		name = r.Table
	}
	if name == "" {
		return "Croupier"
	}
	return strings.ReplaceAll(oneLine(name), "'", "’")
}

// stamp is "2006/01/02 15:04:05" with the hour unpadded, as PokerStars
// writes it.
func stamp(t time.Time) string {
	return fmt.Sprintf("%04d/%02d/%02d %d:%02d:%02d", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second())
}

func gameName(g profile.Game) string {
	switch g {
	case profile.Omaha:
		return "Omaha"
	case profile.FiveCardStud:
		return "5 Card Stud"
	case profile.SevenCardStud:
		return "7 Card Stud"
	}
	return "Hold'em"
}

func structureName(s betting.Structure) string {
	switch s {
	case betting.PotLimit:
		return "Pot Limit"
	case betting.NoLimit:
		return "No Limit"
	}
	return "Limit"
}

func (w *psWriter) posts() {
	posts := slices.Clone(w.r.Posts)
	for i := 0; i < len(posts); i++ {
		p := posts[i]
		amount := p.Amount
		// Dead chips PokerStars has no line for — a dead big blind, a dead
		// small blind made up without a live big one (gr-regulation-1 B.37,
		// profile.MakeUpAllDead) — are written as antes, the dead post every
		// tracker knows: a blind line would be counted live, and a raise
		// "to" an amount read against it.
		verb := map[string]string{
			"ante": "posts the ante", "small_blind": "posts small blind", "big_blind": "posts big blind",
			"straddle": "posts straddle", "live_blind": "posts big blind", "dead_small": "posts the ante",
			"dead_big": "posts the ante",
		}[p.Kind]
		if p.Kind == "dead_small" {
			// A dead small blind made up with a live big blind: PokerStars'
			// one line.
			for j := i + 1; j < len(posts); j++ {
				q := posts[j]
				if q.Seat == p.Seat && (q.Kind == "live_blind" || q.Kind == "big_blind") {
					amount += q.Amount
					verb = "posts small & big blinds"
					posts = append(posts[:j], posts[j+1:]...)
					break
				}
			}
		}
		w.stack[p.Seat] -= amount
		w.line("%s: %s %s%s", w.name(p.Seat), verb, w.m.amt(amount), w.allIn(p.Seat))
	}
}

func (w *psWriter) allIn(seat int) string {
	if w.stack[seat] == 0 {
		return " and is all-in"
	}
	return ""
}

// visible reports whether seat's face-down cards go in this export: the
// hero's only.
func (w *psWriter) visible(seat int) bool {
	return seat >= 0 && seat == w.o.Hero
}

func (w *psWriter) street(k int, stud bool) {
	r := w.r
	if !stud {
		b := r.Board
		switch k {
		case 0:
			w.line("*** HOLE CARDS ***")
			for _, s := range r.Seats {
				if w.visible(s.Seat) && !hidden(s.Cards) {
					w.line("Dealt to %s [%s]", w.name(s.Seat), strings.Join(s.Cards, " "))
				}
			}
		case 1:
			if len(b) >= 3 {
				w.line("*** FLOP *** [%s]", strings.Join(b[:3], " "))
			}
		case 2:
			if len(b) >= 4 {
				w.line("*** TURN *** [%s] [%s]", strings.Join(b[:3], " "), b[3])
			}
		case 3:
			if len(b) >= 5 {
				w.line("*** RIVER *** [%s] [%s]", strings.Join(b[:4], " "), b[4])
			}
		}
		return
	}
	names := map[string]string{"second": "2nd STREET", "third": "3rd STREET", "fourth": "4th STREET",
		"fifth": "5th STREET", "sixth": "6th STREET", "seventh": "RIVER"}
	w.line("*** %s ***", names[r.Streets[k]])
	for _, s := range r.Seats {
		var before, now []string
		var upBefore, upNow []string
		idx := 0
		for _, d := range r.Deals {
			if d.To != s.Seat {
				continue
			}
			c := s.Cards[idx]
			up := s.Up&(1<<idx) != 0
			idx++
			switch {
			case d.Street < k:
				before = append(before, c)
				if up {
					upBefore = append(upBefore, c)
				}
			case d.Street == k:
				now = append(now, c)
				if up {
					upNow = append(upNow, c)
				}
			}
		}
		if len(now) == 0 {
			continue
		}
		if w.visible(s.Seat) && !hidden(now) {
			if len(before) == 0 {
				w.line("Dealt to %s [%s]", w.name(s.Seat), strings.Join(now, " "))
			} else {
				w.line("Dealt to %s [%s] [%s]", w.name(s.Seat), strings.Join(before, " "), strings.Join(now, " "))
			}
			continue
		}
		switch {
		case len(upNow) == 0:
		case len(upBefore) == 0:
			w.line("Dealt to %s [%s]", w.name(s.Seat), strings.Join(upNow, " "))
		default:
			w.line("Dealt to %s [%s] [%s]", w.name(s.Seat), strings.Join(upBefore, " "), strings.Join(upNow, " "))
		}
	}
}

func hidden(cs []string) bool { return slices.Contains(cs, "??") || len(cs) == 0 }

func (w *psWriter) action(a Action) {
	seat := a.Seat
	n := w.name(seat)
	if a.Input.Command != "" {
		if a.Input.Command == "void_seat" {
			w.forfeit(seat)
			w.void(a)
		}
		return
	}
	if a.Pending {
		// An insufficient bet (docs/rules/betting-rules-ru-sports.md §4.13):
		// its chips are in; the line that completes it says them all.
		w.stack[seat] -= a.Paid
		w.owed[seat] = a
		return
	}
	if a.Kind == betting.Fold {
		w.forfeit(seat)
	}
	delete(w.owed, seat)
	prev := w.bet[seat]
	switch a.Kind {
	case betting.Fold:
		w.line("%s: folds", n)
		return
	case betting.Check:
		w.line("%s: checks", n)
		return
	}
	w.stack[seat] -= a.Paid
	all := ""
	if a.AllIn {
		all = " and is all-in"
	}
	switch a.Kind {
	case betting.Call:
		w.line("%s: calls %s%s", n, w.m.amt(a.To-prev), all)
	case betting.Bet:
		w.line("%s: bets %s%s", n, w.m.amt(a.To), all)
	case betting.Raise:
		w.line("%s: raises %s to %s%s", n, w.m.amt(a.By), w.m.amt(a.To), all)
	case betting.BringIn:
		w.line("%s: brings in for %s%s", n, w.m.amt(a.To), all)
	case betting.Complete:
		w.line("%s: completes it to %s%s", n, w.m.amt(a.To), all)
	}
	w.bet[seat] = a.To
	w.high = max(w.high, a.To)
}

func potName(k, n int) string {
	switch {
	case n == 1:
		return "pot"
	case k == 0:
		return "main pot"
	case n == 2:
		return "side pot"
	}
	return fmt.Sprintf("side pot-%d", k)
}

// showdown shows hands pot by pot from the last side pot to the main pot,
// as PokerStars does, each player where he first contests a pot.
func (w *psWriter) showdown() {
	r := w.r
	w.line("*** SHOW DOWN ***")
	done := map[int]bool{}
	show := func(seat int) {
		if done[seat] {
			return
		}
		done[seat] = true
		s := r.Seat(seat)
		if s == nil {
			return
		}
		if s.Shown {
			w.line("%s: shows [%s] (%s)", w.name(seat), strings.Join(s.Cards, " "), Describe(rank.Value(s.Value)))
		} else {
			w.line("%s: mucks hand", w.name(seat))
		}
	}
	for k := len(r.Pots) - 1; k >= 0; k-- {
		p := r.Pots[k]
		for _, seat := range r.ShowOrder {
			if slices.Contains(p.Eligible, seat) {
				show(seat)
			}
		}
		for _, seat := range p.Winners {
			w.line("%s collected %s from %s", w.name(seat), w.m.amt(p.Shares[seat]), potName(k, len(r.Pots)))
		}
	}
	for _, seat := range r.ShowOrder {
		show(seat)
	}
}

func (w *psWriter) summary(stud bool, pots []Pot) {
	r := w.r
	w.line("*** SUMMARY ***")
	total := r.Held
	for _, p := range pots {
		total += p.Amount
	}
	if len(pots) <= 1 {
		w.line("Total pot %s | Rake %s", w.m.amt(total), w.m.amt(r.Rake))
	} else {
		var sb strings.Builder
		for k, p := range pots {
			switch {
			case k == 0:
				fmt.Fprintf(&sb, " Main pot %s.", w.m.amt(p.Amount-p.Rake))
			case len(pots) == 2:
				fmt.Fprintf(&sb, " Side pot %s.", w.m.amt(p.Amount-p.Rake))
			default:
				fmt.Fprintf(&sb, " Side pot-%d %s.", k, w.m.amt(p.Amount-p.Rake))
			}
		}
		w.line("Total pot %s%s | Rake %s", w.m.amt(total), sb.String(), w.m.amt(r.Rake))
	}
	if len(r.Board) > 0 {
		w.line("Board [%s]", strings.Join(r.Board, " "))
	}
	roles := map[int]string{}
	if !stud {
		roles[r.Button] = " (button)"
		for _, p := range r.Posts {
			switch p.Kind {
			case "small_blind":
				roles[p.Seat] += " (small blind)"
			case "big_blind":
				roles[p.Seat] += " (big blind)"
			}
		}
	}
	bet := map[int]bool{}
	for _, p := range r.Posts {
		if p.Kind != "ante" {
			bet[p.Seat] = true
		}
	}
	for _, a := range r.Actions {
		if a.Paid > 0 {
			bet[a.Seat] = true
		}
	}
	for _, s := range w.bySeat() {
		var what string
		switch {
		case s.FoldedOn >= 0:
			what = "folded " + w.foldedOn(s.FoldedOn, stud)
			if s.FoldedOn == 0 && !bet[s.Seat] {
				what += " (didn't bet)"
			}
		case s.Shown && s.Won > 0:
			what = fmt.Sprintf("showed [%s] and won (%s) with %s", strings.Join(s.Cards, " "), w.m.amt(s.Won), Describe(rank.Value(s.Value)))
		case s.Shown:
			what = fmt.Sprintf("showed [%s] and lost with %s", strings.Join(s.Cards, " "), Describe(rank.Value(s.Value)))
		case s.Mucked && w.visible(s.Seat) && !hidden(s.Cards):
			what = fmt.Sprintf("mucked [%s]", strings.Join(s.Cards, " "))
		case s.Mucked:
			what = "mucked"
		default:
			// Won something, or nothing: every other hand was void and
			// every chip went back (a summary line needs an outcome).
			what = fmt.Sprintf("collected (%s)", w.m.amt(s.Won))
		}
		w.line("Seat %d: %s%s %s", s.Seat+1, w.name(s.Seat), roles[s.Seat], what)
	}
}

func (w *psWriter) foldedOn(street int, stud bool) string {
	if !stud {
		return [...]string{"before Flop", "on the Flop", "on the Turn", "on the River"}[min(street, 3)]
	}
	names := map[string]string{"second": "on the 2nd Street", "third": "on the 3rd Street", "fourth": "on the 4th Street",
		"fifth": "on the 5th Street", "sixth": "on the 6th Street", "seventh": "on the River"}
	return names[w.r.Streets[street]]
}
