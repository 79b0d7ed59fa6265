// Package rediscluster starts a throwaway Redis Cluster on loopback for
// integration tests: a few redis-server processes in cluster mode with no
// persistence, the 16,384 slots split evenly between them, stopped and
// removed when the tests end. It needs redis-server 7 or later on PATH
// (the cluster bus port is set with cluster-port) and fails, never skips,
// when it is missing.
package rediscluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/redisconn"

	"github.com/redis/go-redis/v9"
)

// Slots is the number of hash slots of a Redis Cluster.
const Slots = 16384

// Cluster is a running local Redis Cluster.
type Cluster struct {
	// Addrs are the masters' host:port, in slot order: Addrs[i] serves
	// slots [i*Slots/n, (i+1)*Slots/n).
	Addrs []string
	// bus are the nodes' cluster bus ports.
	bus   []int
	dir   string
	procs []*exec.Cmd
	owned bool
}

// Start starts masters redis-server processes in cluster mode on free
// loopback ports, with their configuration and logs under dir (a temporary
// directory if ""), assigns the slots and returns once every node reports
// cluster_state:ok. The caller stops it.
func Start(ctx context.Context, dir string, masters int) (*Cluster, error) {
	if masters < 1 {
		return nil, fmt.Errorf("rediscluster: %d masters", masters)
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, fmt.Errorf("rediscluster: the Redis Cluster tests start redis-server (7 or later) and it is not on PATH (apt-get install redis-server): %w", err)
	}
	// cluster-port (the bus port, here not port+10000) is Redis 7's.
	if out, err := exec.Command(bin, "--version").Output(); err != nil || !atLeast7(string(out)) {
		return nil, fmt.Errorf("rediscluster: %s is not redis-server 7 or later (%q, %v)", bin, strings.TrimSpace(string(out)), err)
	}
	c := &Cluster{dir: dir}
	if dir == "" {
		if c.dir, err = os.MkdirTemp("", "croupier-rediscluster-"); err != nil {
			return nil, fmt.Errorf("rediscluster: %w", err)
		}
		c.owned = true
	}
	ports, err := freePorts(2 * masters)
	if err != nil {
		c.Stop()
		return nil, err
	}
	for i := range masters {
		port, bus := ports[2*i], ports[2*i+1]
		p := strconv.Itoa(port)
		cmd := exec.Command(bin, "--port", p, "--bind", "127.0.0.1", "--cluster-enabled", "yes",
			"--cluster-port", strconv.Itoa(bus), "--cluster-config-file", filepath.Join(c.dir, "nodes-"+p+".conf"),
			"--cluster-node-timeout", "2000", "--save", "", "--appendonly", "no", "--daemonize", "no",
			"--dir", c.dir, "--logfile", filepath.Join(c.dir, "redis-"+p+".log"))
		if err := cmd.Start(); err != nil {
			c.Stop()
			return nil, fmt.Errorf("rediscluster: start redis-server on %s: %w", p, err)
		}
		c.procs = append(c.procs, cmd)
		c.Addrs = append(c.Addrs, "127.0.0.1:"+p)
		c.bus = append(c.bus, bus)
	}
	if err := c.form(ctx); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// form waits for every node, gives each its share of the slots, has them
// meet and waits until all of them agree the cluster is ok.
func (c *Cluster) form(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	nodes := make([]*redis.Client, len(c.Addrs))
	for i, a := range c.Addrs {
		nodes[i] = redis.NewClient(&redis.Options{Addr: a, MaxRetries: -1})
		defer nodes[i].Close()
	}
	for i, n := range nodes {
		if err := poll(ctx, func() error { return n.Ping(ctx).Err() }); err != nil {
			return fmt.Errorf("rediscluster: node %s did not answer (log %s): %w", c.Addrs[i], c.log(i), err)
		}
	}
	for i, n := range nodes {
		lo, hi := i*Slots/len(nodes), (i+1)*Slots/len(nodes)-1
		if err := n.ClusterAddSlotsRange(ctx, lo, hi).Err(); err != nil {
			return fmt.Errorf("rediscluster: slots %d-%d to %s: %w", lo, hi, c.Addrs[i], err)
		}
	}
	for i := 1; i < len(nodes); i++ {
		// The bus port is not port+10000, so MEET names it (Redis 7).
		host, port, _ := net.SplitHostPort(c.Addrs[i])
		if err := nodes[0].Do(ctx, "cluster", "meet", host, port, c.bus[i]).Err(); err != nil {
			return fmt.Errorf("rediscluster: meet %s: %w", c.Addrs[i], err)
		}
	}
	for i, n := range nodes {
		err := poll(ctx, func() error {
			info, err := n.ClusterInfo(ctx).Result()
			if err != nil {
				return err
			}
			if !strings.Contains(info, "cluster_state:ok") || !strings.Contains(info, "cluster_known_nodes:"+strconv.Itoa(len(nodes))+"\r") {
				return errors.New("cluster not formed yet")
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("rediscluster: node %s: %w", c.Addrs[i], err)
		}
	}
	return nil
}

func (c *Cluster) log(i int) string {
	_, p, _ := net.SplitHostPort(c.Addrs[i])
	return filepath.Join(c.dir, "redis-"+p+".log")
}

// Seeds is the masters' addresses, comma-separated (CROUPIER_REDIS_ADDR).
func (c *Cluster) Seeds() string { return strings.Join(c.Addrs, ",") }

// Stop kills the nodes and removes the directory Start made.
func (c *Cluster) Stop() {
	for _, p := range c.procs {
		_ = p.Process.Kill()
		_ = p.Wait()
	}
	c.procs = nil
	if c.owned {
		os.RemoveAll(c.dir)
	}
}

// atLeast7 reads redis-server --version ("Redis server v=7.0.15 ...").
func atLeast7(version string) bool {
	_, v, ok := strings.Cut(version, "v=")
	if !ok {
		return false
	}
	major, _, _ := strings.Cut(v, ".")
	n, err := strconv.Atoi(major)
	return err == nil && n >= 7
}

// freePorts returns n distinct loopback ports nothing listened on a moment
// ago (all held open together, so they differ).
func freePorts(n int) ([]int, error) {
	out := make([]int, 0, n)
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("rediscluster: free port: %w", err)
		}
		defer ln.Close()
		out = append(out, ln.Addr().(*net.TCPAddr).Port)
	}
	return out, nil
}

func poll(ctx context.Context, f func() error) error {
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Env puts an integration test binary on a Redis Cluster: "1" starts one
// of three masters on loopback for the binary's tests (Main); a
// comma-separated host:port list names the seed nodes of a running one.
// Unset, the tests use the single Redis of CROUPIER_TEST_REDIS_ADDR.
const Env = "CROUPIER_TEST_REDIS_CLUSTER"

// Main runs a test binary's tests (call it from TestMain). When Env is
// "1" it first starts a cluster and sets Env to the cluster's seeds, so
// TestSeeds finds it, and stops it afterwards; a cluster that does not
// start fails the binary, with the reason.
func Main(m *testing.M) int {
	if os.Getenv(Env) != "1" {
		return m.Run()
	}
	c, err := Start(context.Background(), "", 3)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s=1: %v\n", Env, err)
		return 1
	}
	defer c.Stop()
	os.Setenv(Env, c.Seeds())
	return m.Run()
}

// TestSeeds is the seed list of the Redis Cluster the tests run on, ""
// when they run on a single Redis. Env "1" left for a binary whose
// TestMain does not call Main is an error, not a quiet single Redis.
func TestSeeds() (string, error) {
	s := os.Getenv(Env)
	if s == "1" {
		return "", fmt.Errorf("%s=1, but this test binary's TestMain does not start a cluster (rediscluster.Main)", Env)
	}
	return s, nil
}

// TestConfig is the Redis an integration test talks to: the cluster of
// TestSeeds, else the single server of CROUPIER_TEST_REDIS_ADDR
// (127.0.0.1:6379 when unset).
func TestConfig(t testing.TB) redisconn.Config {
	t.Helper()
	seeds, err := TestSeeds()
	if err != nil {
		t.Fatal(err)
	}
	if seeds != "" {
		return redisconn.Config{Addr: seeds, Cluster: true}
	}
	if a := os.Getenv("CROUPIER_TEST_REDIS_ADDR"); a != "" {
		return redisconn.Config{Addr: a}
	}
	return redisconn.Config{Addr: "127.0.0.1:6379"}
}
