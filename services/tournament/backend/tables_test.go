package backend

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// fakeAdmin is the table service's admin client: it records each request
// in order and answers from what the test set.
type fakeAdmin struct {
	tablev1connect.TableAdminServiceClient

	reqs []proto.Message
	// errs fails a call by procedure name (SeatPlayer, RemovePlayer...).
	errs map[string]error
	// removed answers RemovePlayer, one answer per call, the last repeated.
	removed []*tablev1.RemovePlayerResponse
	// seatAt is the seat SeatPlayer answers (the request's when -1).
	seatAt  int32
	results []*tablev1.HandResult
	// view, when set, is updated as the table would be: a player removed
	// leaves his seat empty, a player seated takes his.
	view *fakeView
}

func newAdmin() *fakeAdmin { return &fakeAdmin{errs: map[string]error{}, seatAt: -1} }

func (f *fakeAdmin) CreateTable(_ context.Context, req *connect.Request[tablev1.CreateTableRequest]) (*connect.Response[tablev1.CreateTableResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if err := f.errs["CreateTable"]; err != nil {
		return nil, err
	}
	return connect.NewResponse(&tablev1.CreateTableResponse{Table: &tablev1.TableSummary{TableId: "t-" + req.Msg.GetIdempotencyKey()}}), nil
}

func (f *fakeAdmin) SeatPlayer(_ context.Context, req *connect.Request[tablev1.SeatPlayerRequest]) (*connect.Response[tablev1.SeatPlayerResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if err := f.errs["SeatPlayer"]; err != nil {
		return nil, err
	}
	seat := f.seatAt
	if seat < 0 {
		seat = req.Msg.GetSeat()
	}
	if f.view != nil {
		f.view.set(seat, req.Msg.GetPlayerId(), req.Msg.GetChips())
	}
	return connect.NewResponse(&tablev1.SeatPlayerResponse{Seat: seat}), nil
}

func (f *fakeAdmin) RemovePlayer(_ context.Context, req *connect.Request[tablev1.RemovePlayerRequest]) (*connect.Response[tablev1.RemovePlayerResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if err := f.errs["RemovePlayer"]; err != nil {
		return nil, err
	}
	out := &tablev1.RemovePlayerResponse{}
	if len(f.removed) > 0 {
		out = f.removed[0]
		if len(f.removed) > 1 {
			f.removed = f.removed[1:]
		}
	}
	if f.view != nil && !out.GetDeferred() {
		f.view.set(out.GetSeat(), "", 0)
	}
	return connect.NewResponse(out), nil
}

func (f *fakeAdmin) SetStakes(_ context.Context, req *connect.Request[tablev1.SetStakesRequest]) (*connect.Response[tablev1.SetStakesResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.SetStakesResponse{}), f.errs["SetStakes"]
}

func (f *fakeAdmin) SetDealHold(_ context.Context, req *connect.Request[tablev1.SetDealHoldRequest]) (*connect.Response[tablev1.SetDealHoldResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if f.view != nil {
		f.view.held(req.Msg.GetHold())
	}
	return connect.NewResponse(&tablev1.SetDealHoldResponse{}), f.errs["SetDealHold"]
}

func (f *fakeAdmin) PauseTable(_ context.Context, req *connect.Request[tablev1.PauseTableRequest]) (*connect.Response[tablev1.PauseTableResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.PauseTableResponse{}), f.errs["PauseTable"]
}

func (f *fakeAdmin) ResumeTable(_ context.Context, req *connect.Request[tablev1.ResumeTableRequest]) (*connect.Response[tablev1.ResumeTableResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.ResumeTableResponse{}), f.errs["ResumeTable"]
}

func (f *fakeAdmin) CloseTable(_ context.Context, req *connect.Request[tablev1.CloseTableRequest]) (*connect.Response[tablev1.CloseTableResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.CloseTableResponse{}), f.errs["CloseTable"]
}

func (f *fakeAdmin) ListHandResults(_ context.Context, req *connect.Request[tablev1.ListHandResultsRequest]) (*connect.Response[tablev1.ListHandResultsResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if err := f.errs["ListHandResults"]; err != nil {
		return nil, err
	}
	return connect.NewResponse(&tablev1.ListHandResultsResponse{Results: f.results}), nil
}

// fakeView is the table service's public client: GetTable answers the
// views in order, the last repeated (a table that changes as it is
// polled), or the table as the admin fake left it.
type fakeView struct {
	tablev1connect.TableServiceClient

	views []*tablev1.TableView
	err   error
	gets  int
}

func (f *fakeView) GetTable(_ context.Context, req *connect.Request[tablev1.GetTableRequest]) (*connect.Response[tablev1.GetTableResponse], error) {
	f.gets++
	if f.err != nil {
		return nil, f.err
	}
	v := &tablev1.TableView{}
	if len(f.views) > 0 {
		v = f.views[0]
		if len(f.views) > 1 {
			f.views = f.views[1:]
		}
	}
	return connect.NewResponse(&tablev1.GetTableResponse{Table: v}), nil
}

func (f *fakeView) current() *tablev1.TableView {
	if len(f.views) == 0 {
		f.views = []*tablev1.TableView{{}}
	}
	return f.views[0]
}

func (f *fakeView) set(seat int32, player string, chips int64) {
	v := f.current()
	for _, s := range v.GetSeats() {
		if s.GetSeat() == seat {
			s.PlayerId, s.Stack, s.Status = player, chips, tablev1.SeatStatus_SEAT_STATUS_PLAYING
			if player == "" {
				s.Status = tablev1.SeatStatus_SEAT_STATUS_EMPTY
			}
		}
	}
}

func (f *fakeView) held(h bool) { f.current().DealHeld = h }

// seats builds a table's seats: "" is an empty seat.
func seats(players ...string) []*tablev1.Seat {
	out := make([]*tablev1.Seat, len(players))
	for i, p := range players {
		out[i] = &tablev1.Seat{Seat: int32(i), PlayerId: p, Status: tablev1.SeatStatus_SEAT_STATUS_PLAYING, Stack: 1000}
		if p == "" {
			out[i].Status, out[i].Stack = tablev1.SeatStatus_SEAT_STATUS_EMPTY, 0
		}
	}
	return out
}

func refusedBy(reason string) error {
	return apierr.Connect(apierr.Precondition(reason, "refused"))
}

// A tournament table is created with the tournament's game, betting,
// stakes in chips (CHP), clock and first button, under the workflow's key.
func TestCreateTable(t *testing.T) {
	cases := []struct {
		game, betting string
		wantGame      tablev1.Game
		wantBetting   tablev1.BettingStructure
	}{
		{"holdem", "no_limit", tablev1.Game_GAME_HOLDEM, tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT},
		{"omaha", "pot_limit", tablev1.Game_GAME_OMAHA, tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT},
		{"five_card_stud", "fixed_limit", tablev1.Game_GAME_FIVE_CARD_STUD, tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT},
		{"seven_card_stud", "fixed_limit", tablev1.Game_GAME_SEVEN_CARD_STUD, tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT},
		// Unknown names are sent unspecified: the table service refuses them.
		{"bridge", "spread", tablev1.Game_GAME_UNSPECIFIED, tablev1.BettingStructure_BETTING_STRUCTURE_UNSPECIFIED},
	}
	for _, c := range cases {
		a := newAdmin()
		spec := tournament.TableSpec{Key: "tour-1:table:2", Tournament: "tour-1", Name: "Sunday #2", Game: c.game, Betting: c.betting,
			Profile: "gr", Seats: 9, Stakes: tournament.Stakes{SmallBlind: 25, BigBlind: 50, Ante: 5, BringIn: 10, Unit: 5},
			Clock:  terms.Clock{Action: 30 * time.Second, TimeBank: 2 * time.Minute, HandPause: 1500 * time.Millisecond},
			Button: 4}
		id, err := NewTables(a, &fakeView{}).Create(context.Background(), spec)
		if err != nil || id != "t-tour-1:table:2" {
			t.Fatalf("%s: created %q, %v", c.game, id, err)
		}
		wantRequests(t, a.reqs, []proto.Message{&tablev1.CreateTableRequest{Name: "Sunday #2", Game: c.wantGame, Structure: c.wantBetting,
			Stakes:   &tablev1.Stakes{Currency: "CHP", SmallBlind: 25, BigBlind: 50, Ante: 5, BringIn: 10, Unit: 5},
			MaxSeats: 9, Profile: "gr", IdempotencyKey: "tour-1:table:2", TournamentId: "tour-1", FirstButton: 4,
			Clock: &tablev1.Clock{ActionSeconds: 30, TimeBankSeconds: 120, HandPauseMs: 1500}}})
	}
}

// A moved player is dealt in at once (ENTRY_EXEMPT, G4.7); a late
// registrant waits for the big blind; anyone else enters as the table
// decides.
func TestSeatEntry(t *testing.T) {
	cases := []struct {
		name  string
		spec  tournament.SeatSpec
		entry tablev1.Entry
	}{
		{"initial seating", tournament.SeatSpec{}, tablev1.Entry_ENTRY_UNSPECIFIED},
		{"balancing move", tournament.SeatSpec{Moved: true}, tablev1.Entry_ENTRY_EXEMPT},
		{"late registration", tournament.SeatSpec{Late: true}, tablev1.Entry_ENTRY_WAIT_BIG_BLIND},
		{"moved wins over late", tournament.SeatSpec{Moved: true, Late: true}, tablev1.Entry_ENTRY_EXEMPT},
	}
	for _, c := range cases {
		a := newAdmin()
		s := c.spec
		s.Key, s.Seat, s.Player, s.Partner, s.Name, s.Chips = "k-seat", 3, "p1", "pa", "Ann", 10000
		seat, err := NewTables(a, &fakeView{}).Seat(context.Background(), "t-1", s)
		if err != nil || seat != 3 {
			t.Fatalf("%s: seat %d, %v", c.name, seat, err)
		}
		wantRequests(t, a.reqs, []proto.Message{&tablev1.SeatPlayerRequest{TableId: "t-1", Seat: 3, PlayerId: "p1", PartnerId: "pa",
			DisplayName: "Ann", Chips: 10000, Entry: c.entry, IdempotencyKey: "k-seat"}})
	}
}

// The table remembers a bounded number of keys: a retried seating whose
// key it forgot is refused ALREADY_SEATED, and the player found in his
// seat is the answer. Not found there, the refusal stands.
func TestSeatRetryFindsThePlayerSeated(t *testing.T) {
	a := newAdmin()
	a.errs["SeatPlayer"] = refusedBy("ALREADY_SEATED")
	v := &fakeView{views: []*tablev1.TableView{{Seats: seats("p7", "", "p1")}}}
	seat, err := NewTables(a, v).Seat(context.Background(), "t-1", tournament.SeatSpec{Key: "k", Seat: -1, Player: "p1", Partner: "pa", Chips: 1})
	if err != nil || seat != 2 {
		t.Fatalf("seat %d, %v; want 2", seat, err)
	}

	v = &fakeView{views: []*tablev1.TableView{{Seats: seats("p7", "")}}}
	_, err = NewTables(a, v).Seat(context.Background(), "t-1", tournament.SeatSpec{Key: "k", Player: "p1", Partner: "pa", Chips: 1})
	var r tournament.Rejected
	if !errors.As(err, &r) || r.Reason() != "ALREADY_SEATED" {
		t.Fatalf("err %v, want the refusal ALREADY_SEATED", err)
	}

	a.errs["SeatPlayer"] = refusedBy("SEAT_TAKEN")
	v = &fakeView{}
	if _, err := NewTables(a, v).Seat(context.Background(), "t-1", tournament.SeatSpec{Key: "k", Player: "p1"}); !errors.As(err, &r) || r.Reason() != "SEAT_TAKEN" {
		t.Fatalf("err %v, want SEAT_TAKEN", err)
	}
	if v.gets != 0 {
		t.Errorf("another refusal looked at the table")
	}
}

// Removal: between hands the player leaves with his chips (gone at zero);
// in a hand he leaves when it ends (not done yet), unless it has already
// taken his last chip; a player not seated is already gone.
func TestRemove(t *testing.T) {
	cases := []struct {
		name    string
		answer  *tablev1.RemovePlayerResponse
		err     error
		view    *tablev1.TableView
		want    tournament.Removal
		wantErr string
	}{
		{"between hands", &tablev1.RemovePlayerResponse{Chips: 700, Seat: 3, OffsetFromBigBlind: 2}, nil, nil,
			tournament.Removal{Done: true, Chips: 700, Seat: 3, Offset: 2}, ""},
		{"busted", &tablev1.RemovePlayerResponse{Seat: 3}, nil, nil, tournament.Removal{Done: true, Seat: 3, Gone: true}, ""},
		{"in a hand", &tablev1.RemovePlayerResponse{Deferred: true, Seat: 3}, nil, &tablev1.TableView{Seats: seats("", "", "", "p1")},
			tournament.Removal{Seat: 3}, ""},
		{"in a hand that took his chips", &tablev1.RemovePlayerResponse{Deferred: true, Seat: 3}, nil, &tablev1.TableView{Seats: seats("", "", "", "")},
			tournament.Removal{Done: true, Gone: true}, ""},
		{"not seated", nil, refusedBy("NOT_SEATED"), nil, tournament.Removal{Done: true, Gone: true}, ""},
		{"table closed", nil, refusedBy("TABLE_CLOSED"), nil, tournament.Removal{}, "TABLE_CLOSED"},
	}
	for _, c := range cases {
		a := newAdmin()
		if c.answer != nil {
			a.removed = []*tablev1.RemovePlayerResponse{c.answer}
		}
		if c.err != nil {
			a.errs["RemovePlayer"] = c.err
		}
		v := &fakeView{}
		if c.view != nil {
			v.views = []*tablev1.TableView{c.view}
		}
		got, err := NewTables(a, v).Remove(context.Background(), "t-1", "pa", "p1", "k-off")
		if got != c.want || reasonOf(err) != c.wantErr || (c.wantErr == "") != (err == nil) {
			t.Errorf("%s: %+v, %v; want %+v, %q", c.name, got, err, c.want, c.wantErr)
		}
		wantRequests(t, a.reqs, []proto.Message{&tablev1.RemovePlayerRequest{TableId: "t-1", PlayerId: "p1", PartnerId: "pa", IdempotencyKey: "k-off"}})
	}
}

// Adding chips (a rebuy at the table) takes the player off between hands
// — waiting out the hand he is in — and seats him again in the same seat
// with his chips plus the new ones, each step under its own derived key,
// his time bank left and his shot clock with him (T25, T26).
func TestAddChipsReseatsWithTheSum(t *testing.T) {
	a := newAdmin()
	a.removed = []*tablev1.RemovePlayerResponse{{Deferred: true, Seat: 5}, {Chips: 700, Seat: 5, TimeBankMs: 210_000, ShotClock: true, TimeExtensions: 2}}
	v := &fakeView{views: []*tablev1.TableView{{Seats: seats("", "", "", "", "", "p1")}}}
	a.view = v
	tb := NewTables(a, v)
	tb.Poll = time.Millisecond
	if err := tb.AddChips(context.Background(), "t-1", "pa", "p1", 300, "tour-1:rebuy:p1"); err != nil {
		t.Fatal(err)
	}
	off := &tablev1.RemovePlayerRequest{TableId: "t-1", PlayerId: "p1", PartnerId: "pa", IdempotencyKey: "tour-1:rebuy:p1:off"}
	wantRequests(t, a.reqs, []proto.Message{off, off, &tablev1.SeatPlayerRequest{TableId: "t-1", Seat: 5, PlayerId: "p1", PartnerId: "pa",
		Chips: 1000, Entry: tablev1.Entry_ENTRY_EXEMPT, IdempotencyKey: "tour-1:rebuy:p1:on", TimeBankMs: proto.Int64(210_000), ShotClock: true,
		TimeExtensions: proto.Int32(2)}})

	// Busted meanwhile: nothing to add chips to.
	a = newAdmin()
	a.removed = []*tablev1.RemovePlayerResponse{{Seat: 5}}
	if err := NewTables(a, &fakeView{}).AddChips(context.Background(), "t-1", "pa", "p1", 300, "k"); err != nil || len(a.reqs) != 1 {
		t.Errorf("busted: %v, %d requests", err, len(a.reqs))
	}
}

// Waiting for a player to leave his hand ends with the caller's context.
func TestWaitRemoveStopsWithTheContext(t *testing.T) {
	a := newAdmin()
	a.removed = []*tablev1.RemovePlayerResponse{{Deferred: true, Seat: 1}}
	tb := NewTables(a, &fakeView{views: []*tablev1.TableView{{Seats: seats("", "p1")}}})
	tb.Poll = time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := tb.AddChips(ctx, "t-1", "pa", "p1", 300, "k"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the deadline", err)
	}
}

// Pause, resume and close are idempotent: the table already in the state
// asked for answers a refusal the adapter takes as done.
func TestTableStateChangesAreIdempotent(t *testing.T) {
	type op struct {
		name string
		proc string
		do   func(*Tables) error
		req  proto.Message
	}
	ctx := context.Background()
	pause := op{"pause", "PauseTable", func(tb *Tables) error { return tb.Pause(ctx, "t-1", "break") }, &tablev1.PauseTableRequest{TableId: "t-1", Reason: "break"}}
	resume := op{"resume", "ResumeTable", func(tb *Tables) error { return tb.Resume(ctx, "t-1") }, &tablev1.ResumeTableRequest{TableId: "t-1"}}
	closeT := op{"close", "CloseTable", func(tb *Tables) error { return tb.Close(ctx, "t-1", "broken up") }, &tablev1.CloseTableRequest{TableId: "t-1", Reason: "broken up"}}
	cases := []struct {
		op     op
		reason string // the refusal the table answers, "" none
		ok     bool
	}{
		{pause, "", true},
		{pause, "NOT_OPEN", true},
		{pause, "TABLE_CLOSED", false},
		{resume, "", true},
		{resume, "NOT_PAUSED", true},
		{resume, "NOT_OPEN", false},
		{closeT, "", true},
		{closeT, "TABLE_CLOSED", true},
		{closeT, "TABLE_CLOSING", true},
		{closeT, "NOT_OPEN", true},
		{closeT, "NOT_PAUSED", false},
	}
	for _, c := range cases {
		a := newAdmin()
		if c.reason != "" {
			a.errs[c.op.proc] = refusedBy(c.reason)
		}
		err := c.op.do(NewTables(a, &fakeView{}))
		if (err == nil) != c.ok || (!c.ok && reasonOf(err) != c.reason) {
			t.Errorf("%s answered %q: %v, want ok=%v", c.op.name, c.reason, err, c.ok)
		}
		wantRequests(t, a.reqs, []proto.Message{c.op.req})
	}
	a := newAdmin()
	a.errs["PauseTable"] = connect.NewError(connect.CodeUnavailable, errors.New("down"))
	if err := NewTables(a, &fakeView{}).Pause(ctx, "t-1", ""); connect.CodeOf(err) != connect.CodeUnavailable {
		t.Errorf("a transient failure: %v", err)
	}
}

// Stakes go in tournament chips; the hold is sent as asked.
func TestSetStakesAndHold(t *testing.T) {
	a := newAdmin()
	tb := NewTables(a, &fakeView{})
	ctx := context.Background()
	if err := tb.SetStakes(ctx, "t-1", tournament.Stakes{SmallBlind: 100, BigBlind: 200, Ante: 25}); err != nil {
		t.Fatal(err)
	}
	if err := tb.SetHold(ctx, "t-1", true); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, a.reqs, []proto.Message{
		&tablev1.SetStakesRequest{TableId: "t-1", Stakes: &tablev1.Stakes{Currency: "CHP", SmallBlind: 100, BigBlind: 200, Ante: 25}},
		&tablev1.SetDealHoldRequest{TableId: "t-1", Hold: true},
	})
	a.errs["SetStakes"] = refusedBy("BAD_STAKES")
	if err := tb.SetStakes(ctx, "t-1", tournament.Stakes{}); reasonOf(err) != "BAD_STAKES" {
		t.Errorf("err %v", err)
	}
}

// Hand results: each player's stacks, an elimination when the table says
// so or the stack ended at zero, and the button and blinds of the table's
// last hand (the results carry none).
func TestResults(t *testing.T) {
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	a := newAdmin()
	a.results = []*tablev1.HandResult{{HandNumber: 8, EndedAt: timestamppb.New(at), Players: []*tablev1.PlayerResult{
		{Seat: 0, PlayerId: "p1", PartnerId: "pa", StartStack: 1000, EndStack: 1500},
		{Seat: 2, PlayerId: "p2", PartnerId: "pb", StartStack: 500, EndStack: 0},
		{Seat: 4, PlayerId: "p3", PartnerId: "pa", StartStack: 700, EndStack: 700, Eliminated: true},
	}}}
	v := &fakeView{views: []*tablev1.TableView{{Seats: seats("p1", "", "p2", "", "p3"), Hand: &tablev1.HandState{ButtonSeat: 2, HandNumber: 8}}}}
	got, err := NewTables(a, v).Results(context.Background(), "t-1", 7)
	if err != nil {
		t.Fatal(err)
	}
	want := []tournament.Hand{{Number: 8, EndedAt: at, Button: 2, SmallBlind: 4, BigBlind: 0, Players: []tournament.HandPlayer{
		{Partner: "pa", Player: "p1", Seat: 0, Start: 1000, End: 1500},
		{Partner: "pb", Player: "p2", Seat: 2, Start: 500, End: 0, Eliminated: true},
		{Partner: "pa", Player: "p3", Seat: 4, Start: 700, End: 700, Eliminated: true},
	}}}
	if len(got) != 1 || got[0].Number != want[0].Number || !got[0].EndedAt.Equal(at) || got[0].Button != 2 || got[0].SmallBlind != 4 ||
		got[0].BigBlind != 0 || !slices.Equal(got[0].Players, want[0].Players) {
		t.Errorf("results %+v\nwant %+v", got, want)
	}
	wantRequests(t, a.reqs, []proto.Message{&tablev1.ListHandResultsRequest{TableId: "t-1", AfterHandNumber: 7, Limit: 1000}})

	// No new hand: the table's view is not read.
	a, v = newAdmin(), &fakeView{}
	if got, err := NewTables(a, v).Results(context.Background(), "t-1", 8); err != nil || got != nil || v.gets != 0 {
		t.Errorf("no results: %v, %v, %d reads", got, err, v.gets)
	}
	// The view unreadable: the results without positions.
	a.results = []*tablev1.HandResult{{HandNumber: 9}}
	v.err = connect.NewError(connect.CodeUnavailable, errors.New("down"))
	if got, err := NewTables(a, v).Results(context.Background(), "t-1", 8); err != nil || len(got) != 1 || got[0].Button != -1 || got[0].SmallBlind != -1 || got[0].BigBlind != -1 {
		t.Errorf("view down: %+v, %v", got, err)
	}
}

// positions: the button from the hand, the blinds the next occupied seats
// clockwise, -1 where there is no hand or the button is off the table.
func TestPositions(t *testing.T) {
	cases := []struct {
		name        string
		view        *tablev1.TableView
		btn, sb, bb int
	}{
		{"no hand", &tablev1.TableView{Seats: seats("p1", "p2", "p3")}, -1, -1, -1},
		{"three in a row", &tablev1.TableView{Seats: seats("p1", "p2", "p3"), Hand: &tablev1.HandState{ButtonSeat: 0}}, 0, 1, 2},
		{"wrapping round", &tablev1.TableView{Seats: seats("p1", "p2", "p3"), Hand: &tablev1.HandState{ButtonSeat: 1}}, 1, 2, 0},
		{"skipping empty seats", &tablev1.TableView{Seats: seats("p1", "", "", "p4", "", "p6"), Hand: &tablev1.HandState{ButtonSeat: 3}}, 3, 5, 0},
		{"button off the table", &tablev1.TableView{Seats: seats("p1", "p2"), Hand: &tablev1.HandState{ButtonSeat: 6}}, -1, -1, -1},
		{"no seats", &tablev1.TableView{Hand: &tablev1.HandState{ButtonSeat: 0}}, -1, -1, -1},
	}
	for _, c := range cases {
		if btn, sb, bb := positions(c.view); btn != c.btn || sb != c.sb || bb != c.bb {
			t.Errorf("%s: %d %d %d, want %d %d %d", c.name, btn, sb, bb, c.btn, c.sb, c.bb)
		}
	}
}

// A snapshot: idle unless a hand is being bet, the last finished hand
// (the one in progress does not count), and the occupied seats.
func TestSnapshot(t *testing.T) {
	cases := []struct {
		name string
		view *tablev1.TableView
		want tournament.Snapshot
	}{
		{"before the first hand", &tablev1.TableView{Seats: seats("p1", "")},
			tournament.Snapshot{Idle: true, Button: -1, Seats: []tournament.SnapSeat{{Seat: 0, Player: "p1", Chips: 1000}}}},
		{"between hands, held", &tablev1.TableView{Seats: seats("", "p2", "p3"), DealHeld: true, Hand: &tablev1.HandState{HandNumber: 4, ButtonSeat: 2, Phase: "complete"}},
			tournament.Snapshot{Idle: true, Held: true, LastHand: 4, Button: 2, Seats: []tournament.SnapSeat{{Seat: 1, Player: "p2", Chips: 1000}, {Seat: 2, Player: "p3", Chips: 1000}}}},
		{"in a hand", &tablev1.TableView{Seats: seats("p1", "p2"), Hand: &tablev1.HandState{HandNumber: 5, ButtonSeat: 1, Phase: "betting"}},
			tournament.Snapshot{LastHand: 4, Button: 1, Seats: []tournament.SnapSeat{{Seat: 0, Player: "p1", Chips: 1000}, {Seat: 1, Player: "p2", Chips: 1000}}}},
		{"a seat taken by no one", &tablev1.TableView{Seats: []*tablev1.Seat{{Seat: 0, Status: tablev1.SeatStatus_SEAT_STATUS_RESERVED}}},
			tournament.Snapshot{Idle: true, Button: -1}},
	}
	for _, c := range cases {
		got, err := NewTables(newAdmin(), &fakeView{views: []*tablev1.TableView{c.view}}).Snapshot(context.Background(), "t-1")
		if err != nil || got.Idle != c.want.Idle || got.Held != c.want.Held || got.LastHand != c.want.LastHand || got.Button != c.want.Button ||
			!slices.Equal(got.Seats, c.want.Seats) {
			t.Errorf("%s: %+v, %v\nwant %+v", c.name, got, err, c.want)
		}
	}
	_, err := NewTables(newAdmin(), &fakeView{err: refusedBy("TABLE_NOT_FOUND")}).Snapshot(context.Background(), "t-1")
	if reasonOf(err) != "TABLE_NOT_FOUND" {
		t.Errorf("err %v", err)
	}
}

// Dealing one hand: release the hold, wait until the next hand has
// started, hold again; the hand dealt is the one after the last finished.
// With fewer than two players no hand can start: the hold is put back and
// nothing was dealt.
func TestDealOne(t *testing.T) {
	held := &tablev1.TableView{Seats: seats("p1", "p2"), DealHeld: true, Hand: &tablev1.HandState{HandNumber: 4, Phase: "complete"}}
	dealing := &tablev1.TableView{Seats: seats("p1", "p2"), Hand: &tablev1.HandState{HandNumber: 5, Phase: "betting"}}
	a := newAdmin()
	tb := NewTables(a, &fakeView{views: []*tablev1.TableView{held, held, held, dealing}})
	tb.Poll = time.Millisecond
	n, err := tb.DealOne(context.Background(), "t-1")
	if err != nil || n != 5 {
		t.Fatalf("dealt %d, %v; want 5", n, err)
	}
	wantRequests(t, a.reqs, []proto.Message{&tablev1.SetDealHoldRequest{TableId: "t-1", Hold: false}, &tablev1.SetDealHoldRequest{TableId: "t-1", Hold: true}})

	alone := &tablev1.TableView{Seats: seats("p1", ""), DealHeld: true, Hand: &tablev1.HandState{HandNumber: 4, Phase: "complete"}}
	a = newAdmin()
	n, err = NewTables(a, &fakeView{views: []*tablev1.TableView{alone}}).DealOne(context.Background(), "t-1")
	if err != nil || n != 4 || len(a.reqs) != 2 {
		t.Fatalf("one player: dealt %d, %v, %d requests; want 4 and the hold put back", n, err, len(a.reqs))
	}
}

// A chip race's new stacks: each changed player is taken off and seated
// again in his seat with his new stack, under keys derived from the
// race's key and the seat; an unchanged player is left alone, one gone
// meanwhile is not seated again.
func TestSetStacks(t *testing.T) {
	a := newAdmin()
	// p2's removal (seat 1) answers him gone; p3's (seat 2) with his chips.
	a.removed = []*tablev1.RemovePlayerResponse{{Seat: 1}, {Chips: 1000, Seat: 2, TimeBankMs: 30_000}}
	v := &fakeView{views: []*tablev1.TableView{{Seats: seats("p1", "p2", "p3")}}}
	err := NewTables(a, v).SetStacks(context.Background(), "t-1", []tournament.SnapSeat{
		{Seat: 0, Partner: "pa", Player: "p1", Chips: 1000}, // unchanged
		{Seat: 1, Partner: "pa", Player: "p2", Chips: 1100},
		{Seat: 2, Partner: "pb", Player: "p3", Chips: 900},
	}, "tour-1:race:3")
	if err != nil {
		t.Fatal(err)
	}
	wantRequests(t, a.reqs, []proto.Message{
		&tablev1.RemovePlayerRequest{TableId: "t-1", PlayerId: "p2", PartnerId: "pa", IdempotencyKey: "tour-1:race:3:1:off"},
		&tablev1.RemovePlayerRequest{TableId: "t-1", PlayerId: "p3", PartnerId: "pb", IdempotencyKey: "tour-1:race:3:2:off"},
		&tablev1.SeatPlayerRequest{TableId: "t-1", Seat: 2, PlayerId: "p3", PartnerId: "pb", Chips: 900, Entry: tablev1.Entry_ENTRY_EXEMPT,
			IdempotencyKey: "tour-1:race:3:2:on", TimeBankMs: proto.Int64(30_000), TimeExtensions: proto.Int32(0)},
	})
}
