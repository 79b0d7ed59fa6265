package history

// Hands and lines PokerStars never writes — a voided seat, a cancelled
// hand, an insufficient bet forfeited, a pot held and then awarded — in
// forms the parsers skip or already know, with the chips adding up
// (docs/table.md, "Hand histories").

// void writes a voided seat (gr-regulation-2 G2.6 M7–M8; H.25) as its own
// event: a dealer's note, which no parser reads as an action (it is not a
// fold, and it is out of turn), then what came back to the seat as the
// uncalled-bet line trackers credit to the player, so that the posts and
// bets less the returns still make the total pot.
func (w *psWriter) void(a Action) {
	n := w.name(a.Seat)
	if a.Input.Reason != "" {
		w.line("Dealer: the hand of %s is void (%s)", n, oneLine(a.Input.Reason))
	} else {
		w.line("Dealer: the hand of %s is void", n)
	}
	if a.Returned > 0 {
		w.stack[a.Seat] += a.Returned
		w.bet[a.Seat] = max(0, w.bet[a.Seat]-a.Returned)
		w.line("Uncalled bet (%s) returned to %s", w.m.amt(a.Returned), n)
	}
}

// forfeit writes the chips of seat's insufficient bet that no completion
// followed — he folded, or his hand was void — which stay in the pot
// (docs/rules/betting-rules-ru-sports.md §4.13): as the call they reached,
// or the bet or raise above the bet.
func (w *psWriter) forfeit(seat int) {
	a, ok := w.owed[seat]
	if !ok {
		return
	}
	delete(w.owed, seat)
	n, prev := w.name(seat), w.bet[seat]
	switch {
	case a.To <= prev:
		return
	case a.To <= w.high:
		w.line("%s: calls %s", n, w.m.amt(a.To-prev))
	case w.high == 0:
		w.line("%s: bets %s", n, w.m.amt(a.To))
	default:
		w.line("%s: raises %s to %s", n, w.m.amt(a.To-w.high), w.m.amt(a.To))
	}
	w.bet[seat] = a.To
	w.high = max(w.high, a.To)
}

// pots are the pots as awarded: the record's, or a pot held for the
// casino's decision (gr-regulation-2 G2.7 M9) and then awarded by the
// operator, as one pot shared as the award says.
func (w *psWriter) pots() []Pot {
	if len(w.r.Pots) > 0 {
		return w.r.Pots
	}
	for _, a := range w.r.Actions {
		if a.Input.Command != "award" {
			continue
		}
		p := Pot{Shares: map[int]int64{}}
		for seat, amt := range a.Input.Awards {
			if amt > 0 {
				p.Amount += amt
				p.Eligible = append(p.Eligible, seat)
				p.Winners = append(p.Winners, seat)
				p.Shares[seat] = amt
			}
		}
		return []Pot{p}
	}
	return nil
}

// cancelled writes a hand ended by a misdeal (gr-regulation-2 G7.17) or by
// a refusal to post (gr-regulation-1 B.8(c)): every chip went back, so no
// line that moves money is written. The header and seats, a dealer's note,
// PokerStars' own "Hand cancelled" (on which FPDB-style importers drop the
// hand) and a summary in which everyone collected nothing: a parser that
// does not know the line reads a hand in which no chip moved. The posts,
// any cards and actions are in the JSON record.
func (w *psWriter) cancelled() string {
	r := w.r
	w.header()
	why := "misdeal"
	for _, a := range r.Actions {
		if a.Input.Command == "refuse_post" {
			why = w.name(a.Seat) + " refused to post"
		}
	}
	if r.Reason != "" {
		why += ": " + oneLine(r.Reason)
	}
	w.line("Dealer: the hand is cancelled (%s), every bet returned", why)
	w.line("Hand cancelled")
	w.line("*** SUMMARY ***")
	for _, s := range w.bySeat() {
		role := ""
		if !r.Rules.Game.Stud() && s.Seat == r.Button {
			role = " (button)"
		}
		w.line("Seat %d: %s%s collected (%s)", s.Seat+1, w.name(s.Seat), role, w.m.amt(0))
	}
	return w.b.String()
}
