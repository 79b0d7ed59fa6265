package host

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"go.temporal.io/sdk/client"
)

// Restarting is a worker that is stopped and started again on a schedule,
// as a crash and a redeploy would: the end-to-end run and the simulation
// restart theirs mid-tournament to show that the workflow resumes where it
// was, paying nothing twice.
type Restarting struct {
	c        client.Client
	o        Options
	mu       sync.Mutex
	w        *Worker
	restarts int
}

// StartRestarting starts the first worker.
func StartRestarting(c client.Client, o Options) (*Restarting, error) {
	w, err := Start(c, o)
	if err != nil {
		return nil, err
	}
	return &Restarting{c: c, o: o, w: w}, nil
}

// Restarts is how many restarts succeeded.
func (r *Restarting) Restarts() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.restarts
}

// Stop stops the current worker.
func (r *Restarting) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w.Stop()
}

// Restart stops the worker, waits gap (no worker polls meanwhile) and
// starts a new one.
func (r *Restarting) Restart(gap time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w.Stop()
	time.Sleep(gap)
	w, err := Start(r.c, r.o)
	if err != nil {
		return err
	}
	r.w = w
	r.restarts++
	return nil
}

// Schedule restarts the worker every `every` from start until it has
// restarted n times, ctx ends, or done reports true (asked before each
// restart; nil: never). It returns the error of a restart that failed.
func (r *Restarting) Schedule(ctx context.Context, start time.Time, n int, every, gap time.Duration, done func() bool, log *slog.Logger) error {
	select {
	case <-ctx.Done():
		return nil
	case <-time.After(time.Until(start)):
	}
	for r.Restarts() < n {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(every):
		}
		if done != nil && done() {
			return nil
		}
		log.Info("worker stopped", "restart", r.Restarts()+1)
		if err := r.Restart(gap); err != nil {
			return err
		}
	}
	return nil
}
