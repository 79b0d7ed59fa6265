package table

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/shared/apierr"
)

// Batch is the events of one committed command.
type Batch struct {
	Version uint64
	Events  []live.Event
	// From is the index of the first event a resumed subscriber still needs.
	From int
}

// EventID names event i of version v: "<version>-<index>". A snapshot at
// version v is "<version>": resuming after it starts at version v+1.
func EventID(v uint64, i int) string { return strconv.FormatUint(v, 10) + "-" + strconv.Itoa(i) }

// SnapshotID names a snapshot at version v.
func SnapshotID(v uint64) string { return strconv.FormatUint(v, 10) }

// ParseEventID reads an event or snapshot id: the version and the index of
// the last event seen (-1 after a snapshot... all of the version seen).
func ParseEventID(id string) (v uint64, index int, err error) {
	vs, is, ok := strings.Cut(id, "-")
	v, err = strconv.ParseUint(vs, 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("event id %q: %w", id, err)
	}
	if !ok {
		return v, maxIndex, nil
	}
	index, err = strconv.Atoi(is)
	if err != nil || index < 0 || index > maxIndex {
		return 0, 0, fmt.Errorf("event id %q: bad index", id)
	}
	return v, index, nil
}

const maxIndex = 1 << 20

// hub fans a table's committed events out to this replica's subscribers and
// keeps the last ones for subscribers resuming after a reconnect.
type hub struct {
	mu      sync.Mutex
	ring    []Batch
	size    int
	last    uint64
	subs    map[*Subscription]struct{}
	tailing bool
}

func (h *hub) init(size int) {
	h.size = size
	h.subs = map[*Subscription]struct{}{}
}

// publish hands the events of version v to the subscribers (once per
// version: a table reloaded after a lost race replays versions it had
// published).
func (h *hub) publish(v uint64, events []live.Event, _ *live.Table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if v <= h.last {
		return
	}
	h.last = v
	b := Batch{Version: v, Events: append([]live.Event(nil), events...)}
	h.ring = append(h.ring, b)
	if len(h.ring) > h.size {
		h.ring = append(h.ring[:0], h.ring[len(h.ring)-h.size:]...)
	}
	for sub := range h.subs {
		select {
		case sub.ch <- b:
		default:
			sub.overflow()
			delete(h.subs, sub)
		}
	}
}

// Subscription is one subscriber's stream of batches.
type Subscription struct {
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

// Subscribe registers a subscriber of table id. after is the event id it
// last saw ("" for none). With no usable resume point the subscription
// starts from the table's current version (Snapshot set) and snap is
// called with the table locked so the caller can take a view consistent
// with the first batch delivered.
func (s *Service) Subscribe(ctx context.Context, id, after string, snap func(t *live.Table)) (*Subscription, error) {
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
	sub := &Subscription{ch: make(chan Batch, s.opts.SubscriberBuffer), done: make(chan struct{})}
	h := &rt.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	if resume && av <= rt.t.Version {
		// Resumable if the ring holds every version after the resume point.
		first := uint64(0)
		if len(h.ring) > 0 {
			first = h.ring[0].Version
		}
		if av == rt.t.Version || (len(h.ring) > 0 && first <= av+1) {
			for _, b := range h.ring {
				switch {
				case b.Version < av:
				case b.Version == av:
					if ai+1 < len(b.Events) {
						b.From = ai + 1
						sub.ch <- b
					}
				default:
					sub.ch <- b
				}
			}
		} else {
			resume = false
		}
	} else {
		resume = false
	}
	if !resume {
		sub.Snapshot, sub.Version = true, rt.t.Version
		snap(rt.t)
	}
	h.subs[sub] = struct{}{}
	sub.cancel = func() {
		h.mu.Lock()
		delete(h.subs, sub)
		h.mu.Unlock()
	}
	if !h.tailing {
		h.tailing = true
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.tail(rt) }()
	}
	return sub, nil
}

// tail follows the table's log while it has subscribers here, applying
// what other replicas commit.
func (s *Service) tail(rt *runtime) {
	ctx := context.Background()
	for {
		rt.hub.mu.Lock()
		if len(rt.hub.subs) == 0 {
			rt.hub.tailing = false
			rt.hub.mu.Unlock()
			return
		}
		rt.hub.mu.Unlock()
		rt.mu.Lock()
		from := rt.logID
		loaded := rt.t != nil
		var have uint64
		if loaded {
			have = rt.t.Version
		}
		rt.mu.Unlock()
		if !loaded || from == "" {
			rt.mu.Lock()
			err := s.current(ctx, rt, true)
			rt.mu.Unlock()
			if err != nil {
				time.Sleep(200 * time.Millisecond)
			}
			if from == "" {
				time.Sleep(50 * time.Millisecond)
			}
			continue
		}
		entries, err := s.deps.Store.Tail(ctx, rt.id, from, have, time.Second, 256)
		if err != nil {
			s.log.Warn("tail table log", "table", rt.id, "err", err)
			time.Sleep(200 * time.Millisecond)
			continue
		}
		if len(entries) == 0 {
			continue
		}
		rt.mu.Lock()
		if rt.t != nil && entries[len(entries)-1].Version > rt.t.Version {
			if entries[0].Version > rt.t.Version+1 {
				err = s.catchUp(ctx, rt)
			} else {
				err = s.applyEntries(ctx, rt, entries)
			}
			if err != nil {
				s.log.Warn("follow table log", "table", rt.id, "err", err)
			}
		}
		rt.mu.Unlock()
	}
}
