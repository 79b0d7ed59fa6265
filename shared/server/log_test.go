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
		name  string
		err   error
		level string
	}{
		{"fault", apierr.Connect(errors.New("redis down")), "ERROR"},
		{"unavailable", apierr.Connect(apierr.Unavailable("RNG_UNHEALTHY", "x")), "ERROR"},
		{"refusal", apierr.Connect(apierr.Invalid("BAD_SEAT", "x")), "INFO"},
		{"caller went away", context.Canceled, "INFO"},
		{"caller went away, converted", apierr.Connect(fmt.Errorf("send: %w", context.Canceled)), "INFO"},
		{"stream ended by the shutdown", apierr.Connect(apierr.Unavailable(apierr.ShuttingDown, "resume elsewhere")), "INFO"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			l := &logInterceptor{log: slog.New(slog.NewJSONHandler(&b, nil))}
			l.record(context.Background(), "/p", time.Now(), tc.err)
			if !strings.Contains(b.String(), `"level":"`+tc.level+`"`) {
				t.Errorf("logged %s, want level %s", b.String(), tc.level)
			}
		})
	}
}
