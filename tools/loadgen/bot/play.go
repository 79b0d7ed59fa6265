package bot

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
)

// runPlay plays over Play streams: it opens one (resuming after the last
// event seen), re-sends the commands that had no result on the last one,
// and handles events and results until the stream breaks; then it moves
// to the next replica, as Run does.
func (b *Bot) runPlay(ctx context.Context) {
	for ctx.Err() == nil {
		b.mu.Lock()
		after := b.last
		b.mu.Unlock()
		stream := b.current().Play(ctx)
		// The HTTP/2 transport watches ctx only once the request body is
		// closed: while the stream is open, a cancelled ctx would leave
		// Receive blocked. Closing our side when ctx ends lets the
		// transport see it (under sendMu: Send and CloseRequest must not
		// race).
		stop := context.AfterFunc(ctx, func() {
			b.sendMu.Lock()
			defer b.sendMu.Unlock()
			_ = stream.CloseRequest()
		})
		err := b.send(stream, &tablev1.PlayRequest{Command: &tablev1.PlayRequest_Subscribe{
			Subscribe: &tablev1.SubscribeRequest{TableId: b.cfg.Table, AfterEventId: after}}})
		if err == nil {
			b.mu.Lock()
			b.play = stream
			resend := make([]*pendingAct, 0, len(b.pending))
			for id, p := range b.pending {
				delete(b.pending, id)
				resend = append(resend, p)
			}
			b.mu.Unlock()
			// Same hand, sequence and body: applied once whichever stream
			// got it through.
			for _, p := range resend {
				b.sendAct(p)
			}
			err = b.receive(ctx, stream)
		}
		b.mu.Lock()
		b.play = nil
		b.mu.Unlock()
		if stop() {
			b.sendMu.Lock()
			_ = stream.CloseRequest()
			b.sendMu.Unlock()
		}
		_ = stream.CloseResponse()
		b.streamEnded(ctx, err)
	}
}

func (b *Bot) receive(ctx context.Context, stream *connect.BidiStreamForClient[tablev1.PlayRequest, tablev1.PlayResponse]) error {
	for {
		m, err := stream.Receive()
		if err != nil {
			return err
		}
		// Events first: a result that came with events follows them.
		for _, ev := range m.GetEvents().GetEvents() {
			b.handle(ctx, ev)
		}
		if r := m.GetResult(); r != nil {
			b.result(ctx, r)
		}
	}
}

// sendAct sends p on the current stream, keeping it until its result; with
// no stream it waits for the next one.
func (b *Bot) sendAct(p *pendingAct) {
	b.mu.Lock()
	if b.pending == nil {
		b.pending = map[uint64]*pendingAct{}
	}
	b.nextCmd++
	id := b.nextCmd
	b.pending[id] = p
	stream := b.play
	b.mu.Unlock()
	if stream == nil {
		return
	}
	// A failed send breaks the stream: its Receive fails next and the
	// command goes again on the next one.
	_ = b.send(stream, &tablev1.PlayRequest{CommandId: id, Command: &tablev1.PlayRequest_Act{Act: p.req}})
}

// send sends m on stream; see runPlay for why under sendMu.
func (b *Bot) send(stream *connect.BidiStreamForClient[tablev1.PlayRequest, tablev1.PlayResponse], m *tablev1.PlayRequest) error {
	b.sendMu.Lock()
	defer b.sendMu.Unlock()
	return stream.Send(m)
}

func (b *Bot) result(ctx context.Context, r *tablev1.PlayResult) {
	b.mu.Lock()
	p := b.pending[r.GetCommandId()]
	delete(b.pending, r.GetCommandId())
	b.mu.Unlock()
	if p == nil {
		return
	}
	lat := time.Since(p.start)
	if e := r.GetError(); e != nil {
		err := connectError(e)
		if b.cfg.OnAct != nil {
			b.cfg.OnAct(p.req, lat, nil, err)
		}
		if transient(err) && p.attempts < 8 && ctx.Err() == nil {
			p.attempts++
			time.Sleep(time.Duration(p.attempts) * 10 * time.Millisecond)
			b.sendAct(p)
			return
		}
		b.Stats.ActErrors.Add(1)
		return
	}
	res := r.GetAct()
	b.Stats.Acts.Add(1)
	if res.GetReplayed() {
		b.Stats.Replayed.Add(1)
	}
	if b.cfg.OnAct != nil {
		b.cfg.OnAct(p.req, lat, res, nil)
	}
}

// connectError is a Play result's error as the unary call would have
// returned it: the code, the message, and the reason as ErrorInfo.
func connectError(e *tablev1.PlayError) error {
	var code connect.Code
	if err := code.UnmarshalText([]byte(e.GetCode())); err != nil {
		code = connect.CodeUnknown
	}
	out := connect.NewError(code, errors.New(e.GetMessage()))
	if d, err := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: e.GetReason(), Domain: "croupier.dev"}); err == nil {
		out.AddDetail(d)
	}
	return out
}
