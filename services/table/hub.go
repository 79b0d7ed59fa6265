package table

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

// Batch is the events of one committed command.
type Batch struct {
	Version uint64
	// Events are the command's events as the table's game has them
	// (game.Step: []live.Event for poker); N is their number.
	Events any
	N      int
	// Only, when set, is the one player the events concern
	// (game.Step.Only).
	Only string
	// From is the index of the first event a resumed subscriber still needs.
	From int
	// Shared is the batch's work the API layer does once for all its
	// subscribers (converting the events every viewer sees alike).
	Shared *Shared
}

// Shared holds a value computed once per batch, by whichever subscriber
// gets there first.
type Shared struct {
	once sync.Once
	v    any
}

// Get returns the value, computing it with f the first time.
func (s *Shared) Get(f func() any) any {
	s.once.Do(func() { s.v = f() })
	return s.v
}

// EventID names event i of version v: "<version>-<index>". A snapshot at
// version v is "<version>": resuming after it starts at version v+1.
func EventID(v uint64, i int) string { return strconv.FormatUint(v, 10) + "-" + strconv.Itoa(i) }

// SnapshotID names a snapshot at version v.
func SnapshotID(v uint64) string { return strconv.FormatUint(v, 10) }

// ParseEventID reads an event or snapshot id: the version and the index of
// the last event seen (-1 after a snapshot... all of the version seen).
// Its error names the id and what an id is, never strconv's text: the
// message reaches the partner who sent the id (BAD_EVENT_ID).
func ParseEventID(id string) (v uint64, index int, err error) {
	vs, is, ok := strings.Cut(id, "-")
	v, err = strconv.ParseUint(vs, 10, 64)
	if err != nil {
		return 0, 0, badEventID(id)
	}
	if !ok {
		return v, maxIndex, nil
	}
	index, err = strconv.Atoi(is)
	if err != nil || index < 0 || index > maxIndex {
		return 0, 0, badEventID(id)
	}
	return v, index, nil
}

// badEventID is the refusal of an id that is not one this service makes.
func badEventID(id string) error {
	return fmt.Errorf("event id %q: want the id of an event this stream sent (\"<version>-<index>\" as in \"12-3\", or a snapshot's \"<version>\")", id)
}

const maxIndex = 1 << 20

// hub fans a table's committed events out to this replica's subscribers and
// keeps the last ones for subscribers resuming after a reconnect.
type hub struct {
	mu sync.Mutex
	// ring holds the last len(ring) batches, the oldest at head once full
	// (n batches so far).
	ring []Batch
	head int
	n    int
	last uint64
	subs map[*Subscription]struct{}
	// byPlayer and internal index subs: a batch for one player (Only) goes
	// to his streams and the operators' and services' without a look at
	// every other stream.
	byPlayer map[string]map[*Subscription]struct{}
	internal map[*Subscription]struct{}
	// queue holds the batches kept but not yet handed to the subscribers
	// (a table followed by many streams: the fan-out runs on a goroutine
	// of its own, draining, so that the table is not held while thousands
	// of streams wake).
	queue    []Batch
	draining bool
}

// fanoutInline is the most subscribers a batch is handed to inline, by
// the commit that made it (a poker table's handful).
const fanoutInline = 64

func (h *hub) init(size int) {
	h.ring = make([]Batch, size)
	h.subs = map[*Subscription]struct{}{}
	h.byPlayer = map[string]map[*Subscription]struct{}{}
	h.internal = map[*Subscription]struct{}{}
}

// add registers sub (h.mu held).
func (h *hub) add(sub *Subscription) {
	h.subs[sub] = struct{}{}
	switch v := sub.viewer; {
	case v.Internal:
		h.internal[sub] = struct{}{}
	case v.Player != "":
		m := h.byPlayer[v.Player]
		if m == nil {
			m = map[*Subscription]struct{}{}
			h.byPlayer[v.Player] = m
		}
		m[sub] = struct{}{}
	}
}

// remove unregisters sub (h.mu held).
func (h *hub) remove(sub *Subscription) {
	delete(h.subs, sub)
	delete(h.internal, sub)
	if m := h.byPlayer[sub.viewer.Player]; m != nil {
		delete(m, sub)
		if len(m) == 0 {
			delete(h.byPlayer, sub.viewer.Player)
		}
	}
}

// keep adds b to the ring, replacing the oldest batch once it is full.
func (h *hub) keep(b Batch) {
	if h.n < len(h.ring) {
		h.ring[h.n] = b
		h.n++
		return
	}
	h.ring[h.head] = b
	h.head = (h.head + 1) % len(h.ring)
}

// kept returns the ring's batches, oldest first.
func (h *hub) kept() []Batch {
	if h.n < len(h.ring) {
		return h.ring[:h.n]
	}
	return append(h.ring[h.head:len(h.ring):len(h.ring)], h.ring[:h.head]...)
}

// publish hands the events of version v to the subscribers (once per
// version: a table reloaded after a lost race replays versions it had
// published). The events are shared, not copied: a table's Step returns a
// fresh slice per command and nobody changes it afterwards. Events that
// concern one player only (st.Only) go to his streams and to operators'
// and services' alone: with thousands of players at a banked table, one
// player's placement wakes one stream, not every one.
func (h *hub) publish(v uint64, st game.Step) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if v <= h.last {
		return
	}
	h.last = v
	// The ring keeps the events only: the subscribers' shared conversion
	// is garbage once they all sent it (a resumed subscriber converts the
	// batches it catches up on for himself).
	kept := Batch{Version: v, Events: st.Events, N: st.N, Only: st.Only}
	h.keep(kept)
	if st.N == 0 {
		// Nothing to show (a wallet answer recorded): no stream wakes.
		return
	}
	b := kept
	b.Shared = &Shared{}
	if len(h.queue) == 0 && !h.draining && len(h.subs) <= fanoutInline {
		h.fanout(b)
		return
	}
	h.queue = append(h.queue, b)
	if !h.draining {
		h.draining = true
		go h.drain()
	}
}

// drain hands the queued batches to the subscribers, in order, until the
// queue is empty.
func (h *hub) drain() {
	for {
		h.mu.Lock()
		if len(h.queue) == 0 {
			h.draining = false
			h.mu.Unlock()
			return
		}
		b := h.queue[0]
		h.queue[0] = Batch{}
		h.queue = h.queue[1:]
		h.fanout(b)
		h.mu.Unlock()
	}
}

// fanout hands b to every subscriber who has not had it (h.mu held): one
// who subscribed after b was kept had it from the ring or the snapshot.
func (h *hub) fanout(b Batch) {
	if b.Only != "" {
		h.send(b, h.byPlayer[b.Only])
		h.send(b, h.internal)
		return
	}
	h.send(b, h.subs)
}

// send hands b to the subscribers of set who have not had it.
func (h *hub) send(b Batch, set map[*Subscription]struct{}) {
	for sub := range set {
		if b.Version <= sub.from {
			continue
		}
		select {
		case sub.ch <- b:
		default:
			sub.overflow()
			h.remove(sub)
		}
	}
}

// Subscription is one subscriber's stream of batches.
type Subscription struct {
	viewer game.Viewer
	// from is the last version the subscriber had when he subscribed (from
	// the ring or the snapshot): later batches only are handed to him.
	from   uint64
	ch     chan Batch
	once   sync.Once
	done   chan struct{}
	cancel func()
	// Snapshot is set when the subscriber starts from a view of the table
	// (no resume point, or one too old): its version.
	Snapshot bool
	Version  uint64
}

func (sub *Subscription) overflow() {
	sub.once.Do(func() { close(sub.done) })
}

// C delivers the batches.
func (sub *Subscription) C() <-chan Batch { return sub.ch }

// Lost is closed when the subscriber fell too far behind.
func (sub *Subscription) Lost() <-chan struct{} { return sub.done }

// Close ends the subscription.
func (sub *Subscription) Close() { sub.cancel() }

// Subscribe registers v as a subscriber of table id. after is the event
// id it last saw ("" for none). With no usable resume point the
// subscription starts from the table's current version (Snapshot set) and
// snap is called with the table locked so the caller can take a view
// consistent with the first batch delivered; snap's error refuses the
// subscription (a table of another game than the caller's API plays).
func (s *Service) Subscribe(ctx context.Context, id, after string, v game.Viewer, snap func(t game.Table) error) (*Subscription, error) {
	var av uint64
	ai := -1
	resume := false
	if after != "" {
		v, i, err := ParseEventID(after)
		if err != nil {
			return nil, apierr.Invalid("BAD_EVENT_ID", "%v", err)
		}
		av, ai, resume = v, i, true
	}
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, true); err != nil {
		return nil, err
	}
	sub := &Subscription{viewer: v, ch: make(chan Batch, s.opts.SubscriberBuffer), done: make(chan struct{})}
	h := &rt.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	cur := rt.t.Revision()
	if resume && av <= cur {
		// Resumable if the ring holds every version after the resume point
		// (and they fit in the subscriber's buffer).
		kept := h.kept()
		if av == cur || (len(kept) > 0 && kept[0].Version <= av+1) {
		replay:
			for _, b := range kept {
				switch {
				case b.Version < av:
					continue
				case b.Version == av:
					if ai+1 >= b.N {
						continue
					}
					b.From = ai + 1
				}
				if b.Only != "" && !v.Internal && v.Player != b.Only {
					continue
				}
				select {
				case sub.ch <- b:
				default:
					sub.ch = make(chan Batch, s.opts.SubscriberBuffer)
					resume = false
					break replay
				}
			}
		} else {
			resume = false
		}
	} else {
		resume = false
	}
	sub.from = h.last
	if !resume {
		if err := snap(rt.t); err != nil {
			return nil, err
		}
		sub.Snapshot, sub.Version = true, cur
		sub.from = max(h.last, cur)
	}
	h.add(sub)
	sub.cancel = func() {
		h.mu.Lock()
		h.remove(sub)
		h.mu.Unlock()
	}
	return sub, nil
}

// followLoop keeps the tables this replica streams current with what other
// replicas commit: every FollowInterval it reads the versions of all of
// them in one pipelined round trip and catches up those that moved. (A
// blocking read of each table's log would wake for this replica's own
// commits too, which is most of them.)
func (s *Service) followLoop(ctx context.Context) {
	tick := time.NewTicker(s.opts.FollowInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		s.mu.Lock()
		var rts []*runtime
		for _, rt := range s.tables {
			rt.hub.mu.Lock()
			if len(rt.hub.subs) > 0 {
				rts = append(rts, rt)
			}
			rt.hub.mu.Unlock()
		}
		s.mu.Unlock()
		if len(rts) == 0 {
			continue
		}
		// before is each table's version as this replica had it before the
		// read: its own commits may move it on while the versions are read,
		// and only a stored version older than one already held before the
		// read is Redis going back (comparing with the version after the
		// read took every busy table for rewound and reloaded it on every
		// tick: a third of the load run's throughput).
		ids := make([]string, len(rts))
		before := make([]uint64, len(rts))
		for i, rt := range rts {
			ids[i] = rt.id
			rt.mu.Lock()
			if rt.t != nil {
				before[i] = rt.t.Revision()
			}
			rt.mu.Unlock()
		}
		vs, err := s.deps.Store.Versions(ctx, ids)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("follow tables", "err", err)
			}
			continue
		}
		for i, rt := range rts {
			rt.mu.Lock()
			if rt.t != nil && vs[i] < before[i] {
				// Redis went back (load reports it and freezes the table).
				rt.t = nil
				if err := s.load(ctx, rt); err != nil && ctx.Err() == nil {
					s.log.Warn("follow table", "table", rt.id, "err", err)
				}
			} else if rt.t == nil || vs[i] > rt.t.Revision() {
				if err := s.catchUp(ctx, rt); err != nil && ctx.Err() == nil {
					s.log.Warn("follow table", "table", rt.id, "err", err)
				}
			}
			rt.mu.Unlock()
		}
	}
}
