//go:build integration

package load

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/redis/go-redis/v9"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/redisconn"
	"github.com/croupier/croupier/shared/redisconn/rediscluster"
	"github.com/croupier/croupier/tools/platform"
)

// TestMain puts the suite on a Redis Cluster of its own when
// CROUPIER_TEST_REDIS_CLUSTER=1 (make integration runs the pod-loss test
// so too).
func TestMain(m *testing.M) { os.Exit(rediscluster.Main(m)) }

// cleanTestRedis deletes the keys under prefix, on every master of a
// cluster one key a command.
func cleanTestRedis(conn redisconn.Config, prefix string) {
	if !conn.Cluster {
		CleanRedis(conn.Addr, prefix)
		return
	}
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: strings.Split(conn.Addr, ",")})
	defer rdb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_ = rdb.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
		iter := node.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		pipe := node.Pipeline()
		for iter.Next(ctx) {
			pipe.Unlink(ctx, iter.Val())
		}
		_, _ = pipe.Exec(ctx)
		return nil
	})
}

// harness runs the services the table service calls in this process, and
// table services as separate processes (the cmd/table binary, built once),
// all on the real Redis under a key prefix of the test's own.
type harness struct {
	t       *testing.T
	ctx     context.Context
	deps    *platform.Stack
	bin     string
	prefix  string
	redis   redisconn.Config
	sealKey string
	logDir  string
	op      platform.Clients

	mu    sync.Mutex
	procs []*tableProc
}

// tableProc is one table-service process.
type tableProc struct {
	h    *harness
	n    int
	addr string
	URL  string
	cmd  *exec.Cmd
	done chan struct{}
	log  *os.File
}

var buildOnce struct {
	sync.Once
	path string
	err  error
}

func buildTable(t *testing.T) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "croupier-table-bin-")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.path = filepath.Join(dir, "table")
		cmd := exec.Command("go", "build", "-o", buildOnce.path, "github.com/croupier/croupier/services/table/cmd/table")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("build cmd/table: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.path
}

// newHarness starts the harness; opts adjust the in-process services'
// configuration (a PostgreSQL ledger).
func newHarness(t *testing.T, ctx context.Context, opts ...func(*platform.Config)) *harness {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "test:" + hex.EncodeToString(b) + ":"
	conn := rediscluster.TestConfig(t)
	t.Cleanup(func() { cleanTestRedis(conn, prefix) })
	cfg := platform.Config{Services: platform.RNG | platform.Evaluator | platform.Wallet, RedisAddr: conn.Addr, RedisCluster: conn.Cluster, Prefix: prefix}
	for _, o := range opts {
		o(&cfg)
	}
	deps, err := platform.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(deps.Close)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	h := &harness{t: t, ctx: ctx, deps: deps, bin: buildTable(t), prefix: prefix, redis: conn, sealKey: hex.EncodeToString(key),
		logDir: t.TempDir(), op: platform.NewClients(deps.URL, platform.Bearer(deps.OperatorToken()))}
	t.Cleanup(h.stopAll)
	return h
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// table starts a new table-service process.
func (h *harness) table() *tableProc {
	h.t.Helper()
	p := &tableProc{h: h, n: len(h.procs), addr: freeAddr(h.t)}
	p.URL = "http://" + p.addr
	h.mu.Lock()
	h.procs = append(h.procs, p)
	h.mu.Unlock()
	p.start()
	return p
}

func (p *tableProc) start() {
	h := p.h
	h.t.Helper()
	f, err := os.OpenFile(filepath.Join(h.logDir, fmt.Sprintf("table-%d.log", p.n)), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		h.t.Fatal(err)
	}
	keys, err := boot.KeyEnv(h.deps.Keys, "croupier-table", true)
	if err != nil {
		h.t.Fatal(err)
	}
	cmd := exec.Command(h.bin)
	cmd.Env = append(append(os.Environ(), keys...),
		"CROUPIER_ADDR="+p.addr,
		"CROUPIER_LOG_LEVEL=warn",
		"CROUPIER_API_KEYS="+h.deps.Partner+":"+h.deps.APIKey,
		"CROUPIER_REDIS_ADDR="+h.redis.Addr,
		"CROUPIER_REDIS_CLUSTER="+strconv.FormatBool(h.redis.Cluster),
		"CROUPIER_TABLE_REDIS_PREFIX="+h.prefix,
		"CROUPIER_SEAL_KEY="+h.sealKey,
		"CROUPIER_RNG_URL="+h.deps.URL,
		"CROUPIER_EVALUATOR_URL="+h.deps.URL,
		"CROUPIER_WALLET_URL="+h.deps.URL,
		"CROUPIER_TABLE_DEADLINE_LEASE=500ms",
		"CROUPIER_TABLE_CLOCK_INTERVAL=50ms",
		"CROUPIER_TABLE_ESCROW_CHECK_EVERY=-1ms",
		"CROUPIER_SHUTDOWN_TIMEOUT=1s",
		"OTEL_SDK_DISABLED=true",
	)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		h.t.Fatal(err)
	}
	p.cmd, p.log, p.done = cmd, f, make(chan struct{})
	go func() { _ = cmd.Wait(); f.Close(); close(p.done) }()
	p.waitReady()
}

// waitReady waits for gRPC health to answer SERVING.
func (p *tableProc) waitReady() {
	h := p.h
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Post(p.URL+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":"croupier.table.v1.TableService"}`))
		if err == nil {
			var b bytes.Buffer
			_, _ = b.ReadFrom(res.Body)
			res.Body.Close()
			if strings.Contains(b.String(), "SERVING") && !strings.Contains(b.String(), "NOT_SERVING") {
				return
			}
		}
		select {
		case <-p.done:
			h.t.Fatalf("table process %d exited at start; log:\n%s", p.n, h.logTail(p.n))
		case <-time.After(50 * time.Millisecond):
		}
	}
	h.t.Fatalf("table process %d did not become ready", p.n)
}

// kill ends the process with SIGKILL, as a pod lost with its node.
func (p *tableProc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

func (p *tableProc) alive() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

func (h *harness) stopAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range h.procs {
		if p.cmd != nil && p.alive() {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.done:
			case <-time.After(5 * time.Second):
				_ = p.cmd.Process.Signal(syscall.SIGKILL)
				<-p.done
			}
		}
	}
}

func (h *harness) logTail(n int) string {
	b, _ := os.ReadFile(filepath.Join(h.logDir, fmt.Sprintf("table-%d.log", n)))
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// logs returns every table process's log.
func (h *harness) logs() string {
	var out strings.Builder
	for i := range h.procs {
		b, _ := os.ReadFile(filepath.Join(h.logDir, fmt.Sprintf("table-%d.log", i)))
		out.Write(b)
	}
	return out.String()
}

// target is the harness's table processes as a load target.
func (h *harness) target(procs ...*tableProc) Target {
	tg := Target{URL: procs[0].URL, OperatorToken: h.deps.OperatorToken(), APIKey: h.deps.APIKey, Partner: h.deps.Partner, WalletURL: h.deps.URL}
	for _, p := range procs {
		tg.Replicas = append(tg.Replicas, p.URL)
	}
	return tg
}

// admin returns admin clients of each table process.
func (h *harness) admin(procs ...*tableProc) []platform.Clients {
	var out []platform.Clients
	for _, p := range procs {
		out = append(out, platform.NewClients(p.URL, platform.Bearer(h.deps.OperatorToken())))
	}
	return out
}

// escrowAccount finds a table's escrow account.
func (h *harness) escrowAccount(table string) string {
	h.t.Helper()
	res, err := h.op.Wallet.ListAccounts(h.ctx, connect.NewRequest(&walletv1.ListAccountsRequest{OwnerId: table,
		Kind: walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW}))
	if err != nil || len(res.Msg.GetAccounts()) != 1 {
		h.t.Fatalf("escrow of %s: %v %v", table, res, err)
	}
	return res.Msg.GetAccounts()[0].GetId()
}

// entries lists every ledger entry of an account in order.
func (h *harness) entries(account string) []*walletv1.Entry {
	h.t.Helper()
	var out []*walletv1.Entry
	tok := ""
	for {
		res, err := h.op.Wallet.ListEntries(h.ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: account, PageSize: 1000, PageToken: tok}))
		if err != nil {
			h.t.Fatal(err)
		}
		out = append(out, res.Msg.GetEntries()...)
		tok = res.Msg.GetNextPageToken()
		if tok == "" {
			return out
		}
	}
}

// anyAdmin calls f with the first table process that answers.
func anyAdmin(ctx context.Context, admins []platform.Clients, f func(c platform.Clients) error) error {
	var err error
	for _, c := range admins {
		if err = f(c); err == nil {
			return nil
		}
		if connect.CodeOf(err) != connect.CodeUnavailable && connect.CodeOf(err) != connect.CodeUnknown {
			return err
		}
	}
	return err
}

var _ = tablev1.Game_GAME_HOLDEM
