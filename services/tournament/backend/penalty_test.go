package backend

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/workflows/tournament"
)

func (f *fakeAdmin) PenalizePlayer(_ context.Context, req *connect.Request[tablev1.PenalizePlayerRequest]) (*connect.Response[tablev1.PenalizePlayerResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if err := f.errs["PenalizePlayer"]; err != nil {
		return nil, err
	}
	return connect.NewResponse(&tablev1.PenalizePlayerResponse{Hands: req.Msg.GetRounds() * 6}), nil
}

func (f *fakeAdmin) SetShotClock(_ context.Context, req *connect.Request[tablev1.SetShotClockRequest]) (*connect.Response[tablev1.SetShotClockResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.SetShotClockResponse{}), f.errs["SetShotClock"]
}

func (f *fakeAdmin) VoidPlayerHand(_ context.Context, req *connect.Request[tablev1.VoidPlayerHandRequest]) (*connect.Response[tablev1.VoidPlayerHandResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&tablev1.VoidPlayerHandResponse{}), f.errs["VoidPlayerHand"]
}

// A penalty kills the hand the player is in, the uncalled raise returned
// (H.25; T28), then imposes the rounds under the workflow's key (T27); a
// player with no live hand, or a hand that ended meanwhile, has nothing
// killed; a refusal of the rounds is the activity's error.
func TestPenalize(t *testing.T) {
	inHand := func(folded bool) *tablev1.TableView {
		s := seats("p0", "p1", "p2")
		for _, x := range s {
			x.InHand = true
		}
		s[1].Folded = folded
		return &tablev1.TableView{Seats: s, Hand: &tablev1.HandState{HandId: "t-1-7", Phase: "betting"}}
	}
	in := tournament.PenaltyTableIn{Key: "tour:x:pen:0", Table: "t-1", Partner: "pa", Player: "p1", Reason: "out of turn", Rounds: 1, KillHand: true}
	void := &tablev1.VoidPlayerHandRequest{TableId: "t-1", HandId: "t-1-7", Seat: 1, ReturnUncalled: true, Reason: "out of turn"}
	pen := &tablev1.PenalizePlayerRequest{TableId: "t-1", PlayerId: "p1", PartnerId: "pa", Rounds: 1, Reason: "out of turn", IdempotencyKey: "tour:x:pen:0"}
	cases := []struct {
		name    string
		view    *tablev1.TableView
		errs    map[string]error
		want    tournament.PenaltyOut
		reqs    []proto.Message
		wantErr string
	}{
		{"live hand", inHand(false), nil, tournament.PenaltyOut{Hands: 6, Killed: true}, []proto.Message{void, pen}, ""},
		{"folded", inHand(true), nil, tournament.PenaltyOut{Hands: 6}, []proto.Message{pen}, ""},
		{"between hands", &tablev1.TableView{Seats: seats("p0", "p1")}, nil, tournament.PenaltyOut{Hands: 6}, []proto.Message{pen}, ""},
		{"hand ended meanwhile", inHand(false), map[string]error{"VoidPlayerHand": refusedBy("WRONG_HAND")}, tournament.PenaltyOut{Hands: 6}, []proto.Message{void, pen}, ""},
		{"rounds refused", inHand(true), map[string]error{"PenalizePlayer": refusedBy("NOT_SEATED")}, tournament.PenaltyOut{}, []proto.Message{pen}, "NOT_SEATED"},
	}
	// The shot clock alone (T25).
	a := newAdmin()
	shot := tournament.PenaltyTableIn{Key: "k", Table: "t-1", Partner: "pa", Player: "p1", Reason: "slow play again", ShotClock: true}
	if got, err := NewTables(a, &fakeView{}).Penalize(context.Background(), shot); err != nil || got != (tournament.PenaltyOut{}) {
		t.Errorf("shot clock: %+v, %v", got, err)
	}
	wantRequests(t, a.reqs, []proto.Message{&tablev1.SetShotClockRequest{TableId: "t-1", PlayerId: "p1", PartnerId: "pa", On: true}})
	for _, c := range cases {
		a := newAdmin()
		for k, v := range c.errs {
			a.errs[k] = v
		}
		got, err := NewTables(a, &fakeView{views: []*tablev1.TableView{c.view}}).Penalize(context.Background(), in)
		if got != c.want || reasonOf(err) != c.wantErr || (c.wantErr == "") != (err == nil) {
			t.Errorf("%s: %+v, %v; want %+v, %q", c.name, got, err, c.want, c.wantErr)
		}
		wantRequests(t, a.reqs, c.reqs)
	}
}
