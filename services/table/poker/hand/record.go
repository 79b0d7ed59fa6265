package hand

import (
	"encoding/hex"
	"fmt"
	"reflect"

	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// Record returns the hand's complete history (every card, every input).
// Serve viewers Record(v).For(seat).
func (s *State) Record(v Variant) *history.Record {
	rec := &history.Record{
		Version: history.Version,
		HandID:  s.Setup.ID, Number: s.Setup.Number, Serial: s.Setup.Serial,
		Table: s.Setup.Table, TableName: s.Setup.TableName, At: s.Setup.At,
		Rules:  s.Rules,
		Button: s.Setup.Button,
		Rake:   s.Rake, Held: s.Held,
		Showdown: s.Showdown, ShowOrder: append([]int(nil), s.ShowOrder...),
		Result: s.Phase.String(), Reason: s.Reason,
	}
	for _, st := range v.Schedule() {
		rec.Streets = append(rec.Streets, st.Name)
	}
	if len(s.Setup.Commitment) > 0 {
		rec.Commitment = hex.EncodeToString(s.Setup.Commitment)
	}
	rec.Shoe = strs(s.Setup.Shoe)
	for _, p := range s.Setup.Players {
		sc := &s.Seats[p.Seat]
		rs := history.Seat{
			Seat: p.Seat, Player: p.Player, Name: p.Name, Stack: p.Stack, Final: s.Round.Seats[p.Seat].Stack,
			Cards: strs(sc.Cards.Slice()), Up: sc.Up, FoldedOn: sc.FoldedOn, Voided: sc.Voided,
			Shown: sc.Shown, Mucked: sc.Mucked, Won: sc.Won,
		}
		if sc.Shown || sc.Mucked {
			h := v.Best(s, p.Seat)
			rs.Value, rs.Hand, rs.Best = uint32(h.Value), h.Name(), strs(h.Cards[:])
		}
		rec.Seats = append(rec.Seats, rs)
	}
	for _, p := range s.Posted {
		rec.Posts = append(rec.Posts, history.Post{Seat: p.Seat, Kind: p.Kind.String(), Amount: p.Amount})
	}
	for _, d := range s.Deals {
		hd := history.Deal{Street: d.Street, To: d.Seat, Up: d.Up}
		if d.Seat != Recycled {
			hd.Card = d.Card.String()
		}
		rec.Deals = append(rec.Deals, hd)
	}
	rec.Board = strs(s.Board.Slice())
	for i := range s.Log {
		e := &s.Log[i]
		a := history.Action{
			Seq: int(e.Seq), Street: int(e.Street), Seat: int(e.Seat), Input: inputOf(e.Input()),
			Kind: e.Result.Kind, To: e.Result.To, By: e.Result.By, Paid: e.Result.Paid,
			AllIn: e.Result.AllIn, Full: e.Result.Full,
		}
		if m := e.More; m != nil {
			a.Returned = m.Returned
			if rd := m.Reading; rd != nil {
				a.Change, a.Pending = rd.Change, rd.Pending
				if rd.Pending {
					a.Owed = rd.Action
					a.Paid = rd.Committed
				}
			}
		}
		rec.Actions = append(rec.Actions, a)
	}
	for _, r := range s.Returns {
		rec.Returns = append(rec.Returns, history.Return(r))
	}
	for _, p := range s.Pots {
		hp := history.Pot{Amount: p.Amount, Rake: p.Rake, Eligible: p.Eligible.List(), Winners: p.Winners.List(),
			Shares: map[int]int64{}}
		for seat, sh := range p.Shares {
			if sh > 0 {
				hp.Shares[seat] = sh
			}
		}
		rec.Pots = append(rec.Pots, hp)
	}
	return rec
}

// strs writes cards as notations, nil for none (so JSON round-trips).
func strs(cs []card.Card) []string {
	if len(cs) == 0 {
		return nil
	}
	return card.Strings(cs)
}

func inputOf(a Action) history.Input {
	in := history.Input{Seat: a.Seat, Kind: a.Kind, Amount: a.Amount, Return: uint8(a.Return),
		Awards: a.Awards, Reason: a.Reason, At: a.At}
	if a.Command != NoCommand {
		in.Command = a.Command.String()
	}
	if a.Chips != nil {
		c := *a.Chips
		in.Chips = &c
	}
	return in
}

func actionOf(in history.Input) (Action, error) {
	a := Action{Seat: in.Seat, Kind: in.Kind, Amount: in.Amount, Return: VoidReturn(in.Return),
		Awards: in.Awards, Reason: in.Reason, At: in.At, Chips: in.Chips}
	if in.Command != "" {
		if err := a.Command.UnmarshalText([]byte(in.Command)); err != nil {
			return Action{}, err
		}
	}
	return a, nil
}

// SetupOf rebuilds the Setup a record started from.
func SetupOf(rec *history.Record) (Setup, error) {
	su := Setup{ID: rec.HandID, Number: rec.Number, Serial: rec.Serial, Table: rec.Table, TableName: rec.TableName,
		At: rec.At, Button: rec.Button}
	for _, s := range rec.Seats {
		su.Players = append(su.Players, Player{Seat: s.Seat, Player: s.Player, Name: s.Name, Stack: s.Stack})
	}
	for _, p := range rec.Posts {
		var k PostKind
		if err := k.UnmarshalText([]byte(p.Kind)); err != nil {
			return Setup{}, err
		}
		if k != Ante {
			su.Posts = append(su.Posts, Post{Seat: p.Seat, Kind: k})
		}
	}
	shoe, err := card.ParseList(rec.Shoe)
	if err != nil {
		return Setup{}, fmt.Errorf("record shoe: %w", err)
	}
	su.Shoe = shoe
	if rec.Commitment != "" {
		if su.Commitment, err = hex.DecodeString(rec.Commitment); err != nil {
			return Setup{}, fmt.Errorf("record commitment: %w", err)
		}
	}
	return su, nil
}

// Replay plays a full record again from its setup and inputs and checks
// that it comes out the same: the same actions, cards, pots and stacks.
// It returns the replayed state.
func Replay(v Variant, rec *history.Record) (*State, error) {
	setup, err := SetupOf(rec)
	if err != nil {
		return nil, apierr.Invalid("BAD_RECORD", "%v", err)
	}
	s := new(State)
	if _, err := Start(v, rec.Rules, setup, s); err != nil {
		return nil, fmt.Errorf("replay start: %w", err)
	}
	for _, a := range rec.Actions {
		in, err := actionOf(a.Input)
		if err != nil {
			return nil, apierr.Invalid("BAD_RECORD", "action %d: %v", a.Seq, err)
		}
		if _, err := Apply(v, s, in); err != nil {
			return nil, fmt.Errorf("replay action %d: %w", a.Seq, err)
		}
	}
	again := s.Record(v)
	if !reflect.DeepEqual(again, rec) {
		return s, apierr.Invalid("REPLAY_MISMATCH", "the replayed hand differs from the record in %s", diff(again, rec))
	}
	return s, nil
}

// diff names the first part of two records that differs.
func diff(a, b *history.Record) string {
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return va.Type().Field(i).Name
		}
	}
	return "nothing"
}
