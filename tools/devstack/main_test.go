package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
)

// TestStackServesEveryService is `make run` in a test: the whole platform
// in one process on one address, every service healthy and answering a
// real call through the address the stack printed, then a clean stop.
func TestStackServesEveryService(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every service and a Temporal server")
	}
	// One demo table of bots plays (the table mount reads the process
	// environment) and every log line is kept: the stop must log no ERROR.
	t.Setenv("CROUPIER_DEMO_TABLES", "1")
	t.Setenv("CROUPIER_WEB_TABLES", "0") // the web lobby's tables are the browser tests' (web/e2e)
	env := map[string]string{"CROUPIER_DATA_DIR": t.TempDir(), "CROUPIER_LOG_LEVEL": "debug"}
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, w := io.Pipe()
	logs := new(lockedLog)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr", "127.0.0.1:0"}, getenv, w, logs)
		w.Close()
	}()

	// Read what the stack prints until the credentials are out.
	var addr, apiKey, operator string
	services := map[string]bool{}
	lines := bufio.NewScanner(out)
	listening := regexp.MustCompile(`listening on (\S+) `)
	for operator == "" && lines.Scan() {
		l := lines.Text()
		if m := listening.FindStringSubmatch(l); m != nil {
			addr = m[1]
		}
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "service":
			services[f[1]] = true
		case strings.Contains(l, "X-Api-Key:"):
			apiKey = f[len(f)-1]
		case strings.Contains(l, "operator token"):
			operator = f[len(f)-1]
		}
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	if addr == "" || apiKey == "" || operator == "" {
		t.Fatalf("stack output incomplete: addr=%q key set=%t token set=%t (run: %v)", addr, apiKey != "", operator != "", lines.Err())
	}
	base := "http://" + addr

	want := []string{
		"croupier.rng.v1.RngService",
		"croupier.evaluator.v1.EvaluatorService",
		"croupier.wallet.v1.WalletService",
		"croupier.table.v1.TableService",
		"croupier.table.v1.SessionService",
		"croupier.table.v1.TableAdminService",
		"croupier.tournament.v1.TournamentService",
	}
	for _, s := range append(want, "") {
		if s != "" && !services[s] {
			t.Errorf("stack did not list %s", s)
		}
		res, err := http.Post(base+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":"`+s+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(body), "SERVING_STATUS_SERVING") {
			t.Errorf("health of %q: %s %s", s, res.Status, body)
		}
	}

	rctx, rcancel := context.WithTimeout(ctx, 30*time.Second)
	defer rcancel()
	ev := evaluatorv1connect.NewEvaluatorServiceClient(http.DefaultClient, base)
	req := connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{{Hole: []string{"As", "Ks"}, Board: []string{"Qs", "Js", "Ts", "2c", "3d"}}}})
	req.Header().Set("X-Api-Key", apiKey)
	eres, err := ev.Evaluate(rctx, req)
	if err != nil {
		t.Fatalf("evaluate through the stack: %v", err)
	}
	if v := eres.Msg.GetValues(); len(v) != 1 || v[0].GetCategory() != evaluatorv1.Category_CATEGORY_STRAIGHT_FLUSH || v[0].GetRank() != 7462 {
		t.Errorf("royal flush evaluated as %v", v)
	}

	// The tournament service answers from its workflows on the in-process
	// Temporal server.
	tc := tournamentv1connect.NewTournamentServiceClient(http.DefaultClient, base)
	lreq := connect.NewRequest(&tournamentv1.ListTournamentsRequest{})
	lreq.Header().Set("Authorization", "Bearer "+operator)
	if _, err := tc.ListTournaments(rctx, lreq); err != nil {
		t.Errorf("list tournaments through the stack: %v", err)
	}

	// Issue 12: a body that does not decode is refused alike by every service.
	checkMalformedRefusals(t, rctx, base, apiKey, operator)

	// The bots are playing (hands are shuffled) when the stack stops.
	for logs.count(`"procedure":"/croupier.rng.v1.RngService/Shuffle"`) < 2 {
		if rctx.Err() != nil {
			t.Fatalf("the demo bots played no hand:\n%s", logs.tail(4000))
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stack stopped with %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("stack did not stop within 60s of its context ending")
	}
	// Issue 12: a normal stop logs no ERROR (streams and bots ended by the
	// shutdown are not failures).
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, `"level":"ERROR"`) {
			t.Errorf("logged at the stop: %s", l)
		}
	}
}

// lockedLog keeps what the stack logs, written from many goroutines.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedLog) count(s string) int { return strings.Count(l.String(), s) }

func (l *lockedLog) tail(n int) string {
	s := l.String()
	return s[max(0, len(s)-n):]
}
