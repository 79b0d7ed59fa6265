package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/apierr"
)

// TestLogLevelOfFailedCalls: faults are ERROR, refusals INFO, and a stream
// the replica ends because it shuts down is INFO (issue 12: a normal stop
// of the dev stack logs no ERROR).
func TestLogLevelOfFailedCalls(t *testing.T) {
	for _, tc := range []struct {
		name     string
		err      error
		level    string
		canceled bool
	}{
		{"fault", apierr.Connect(errors.New("redis down")), "ERROR", false},
		{"unavailable", apierr.Connect(apierr.Unavailable("RNG_UNHEALTHY", "x")), "ERROR", false},
		{"refusal", apierr.Connect(apierr.Invalid("BAD_SEAT", "x")), "INFO", false},
		{"caller went away", context.Canceled, "INFO", false},
		{"caller went away, converted", apierr.Connect(fmt.Errorf("send: %w", context.Canceled)), "INFO", false},
		{"stream ended by the shutdown", apierr.Connect(apierr.Unavailable(apierr.ShuttingDown, "resume elsewhere")), "INFO", false},
		// TakeSeat at the stop: the bot's call is cancelled, so is its
		// wallet call; the seat is refused, nothing is broken.
		{"fault of a call whose caller left", apierr.Connect(apierr.Unavailable("WALLET_UNAVAILABLE", "wallet open account: canceled")), "INFO", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			l := &logInterceptor{log: slog.New(slog.NewJSONHandler(&b, nil))}
			ctx := context.Background()
			if tc.canceled {
				c, cancel := context.WithCancel(ctx)
				cancel()
				ctx = c
			}
			l.record(ctx, "/p", time.Now(), tc.err)
			if !strings.Contains(b.String(), `"level":"`+tc.level+`"`) {
				t.Errorf("logged %s, want level %s", b.String(), tc.level)
			}
		})
	}
}
