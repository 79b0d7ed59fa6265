package codec

import (
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
)

// event is a table event with the envelope every event carries.
func event(id string, set func(*tablev1.TableEvent)) *tablev1.TableEvent {
	ev := &tablev1.TableEvent{EventId: id, TableId: "t4bad7784e72e7602", HandId: "t4bad7784e72e7602-206",
		At: timestamppb.New(time.Unix(1796600000, 123456789))}
	set(ev)
	return ev
}

// actionBatch is what a viewer gets for one bet: the action, the next
// turn, and (to the actor) the command's result.
func actionBatch() *tablev1.PlayResponse {
	legal := []*tablev1.LegalAction{
		{Kind: tablev1.ActionKind_ACTION_KIND_FOLD},
		{Kind: tablev1.ActionKind_ACTION_KIND_CALL, MinAmount: 200, MaxAmount: 200},
		{Kind: tablev1.ActionKind_ACTION_KIND_RAISE, MinAmount: 400, MaxAmount: 9800, Step: 1},
	}
	return &tablev1.PlayResponse{
		Events: &tablev1.SubscribeResponse{Events: []*tablev1.TableEvent{
			event("4312-0", func(ev *tablev1.TableEvent) {
				ev.Event = &tablev1.TableEvent_ActionTaken{ActionTaken: &tablev1.ActionTaken{Seat: 2, Kind: tablev1.ActionKind_ACTION_KIND_RAISE, Amount: 200, Paid: 100, Stack: 9800, ActionSeq: 7}}
			}),
			event("4312-1", func(ev *tablev1.TableEvent) {
				ev.Event = &tablev1.TableEvent_TurnStarted{TurnStarted: &tablev1.TurnStarted{Seat: 3, ActionSeq: 8,
					Deadline: timestamppb.New(time.Unix(1796600030, 0)), LegalActions: legal, TimeBankSeconds: 30}}
			}),
		}},
		Result: &tablev1.PlayResult{CommandId: 41, Outcome: &tablev1.PlayResult_Act{Act: &tablev1.ActResponse{
			Kind: tablev1.ActionKind_ACTION_KIND_RAISE, Amount: 200, NextActionSeq: 8, Stack: 9800}}},
	}
}

// dealBatch is what a viewer gets when a hand starts.
func dealBatch() *tablev1.PlayResponse {
	var seats []*tablev1.Seat
	for i := range int32(3) {
		seats = append(seats, &tablev1.Seat{Seat: i + 1, Status: tablev1.SeatStatus(1), PlayerId: "lg-player-0001", DisplayName: "Bot 1", Stack: 10000, InHand: true, TimeBankSeconds: 30})
	}
	evs := []*tablev1.TableEvent{
		event("4300-0", func(ev *tablev1.TableEvent) {
			ev.Event = &tablev1.TableEvent_HandStarted{HandStarted: &tablev1.HandStarted{HandNumber: 206, ButtonSeat: 1,
				ShoeCommitment: make([]byte, 32), Seats: seats, Stakes: &tablev1.Stakes{Currency: "EUR", SmallBlind: 50, BigBlind: 100, MinBuyIn: 5000, MaxBuyIn: 20000}}}
		}),
		event("4300-1", func(ev *tablev1.TableEvent) {
			ev.Event = &tablev1.TableEvent_BlindPosted{BlindPosted: &tablev1.BlindPosted{Seat: 2, Kind: "small", Amount: 50, Stack: 9950}}
		}),
		event("4300-2", func(ev *tablev1.TableEvent) {
			ev.Event = &tablev1.TableEvent_BlindPosted{BlindPosted: &tablev1.BlindPosted{Seat: 3, Kind: "big", Amount: 100, Stack: 9900}}
		}),
	}
	for s := range int32(3) {
		evs = append(evs, event("4300-3", func(ev *tablev1.TableEvent) {
			cd := &tablev1.CardsDealt{Seat: s + 1, Street: "preflop"}
			if s == 0 {
				cd.Cards = []string{"Ah", "Kd"}
			}
			ev.Event = &tablev1.TableEvent_CardsDealt{CardsDealt: cd}
		}))
	}
	return &tablev1.PlayResponse{Events: &tablev1.SubscribeResponse{Events: evs}}
}

func benchMarshal(b *testing.B, msg proto.Message, vt bool) {
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		var err error
		if vt {
			buf, err = Append(buf[:0], msg)
		} else {
			buf, err = proto.MarshalOptions{}.MarshalAppend(buf[:0], msg)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func benchUnmarshal(b *testing.B, msg proto.Message, vt bool) {
	data, err := proto.Marshal(msg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		out := new(tablev1.PlayResponse)
		if vt {
			err = Unmarshal(data, out)
		} else {
			err = proto.Unmarshal(data, out)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCodec compares protobuf-go (pb) with the generated methods (vt)
// on the two batches a Play stream carries most: go test -run XXX -bench
// Codec ./shared/codec
func BenchmarkCodec(b *testing.B) {
	for _, c := range []struct {
		name string
		msg  proto.Message
	}{{"action", actionBatch()}, {"deal", dealBatch()}} {
		for _, vt := range []bool{false, true} {
			impl := "pb"
			if vt {
				impl = "vt"
			}
			b.Run("marshal/"+c.name+"/"+impl, func(b *testing.B) { benchMarshal(b, c.msg, vt) })
			b.Run("unmarshal/"+c.name+"/"+impl, func(b *testing.B) { benchUnmarshal(b, c.msg, vt) })
		}
	}
}
