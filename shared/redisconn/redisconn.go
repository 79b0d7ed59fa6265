// Package redisconn is how every Croupier service that keeps state in
// Redis is told where it is: the same flags and CROUPIER_REDIS_*
// variables everywhere (the Helm chart sets them once for all services),
// checked at start, and a client that has answered a PING before the
// service says it is ready.
package redisconn

import (
	"context"
	"crypto/tls"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/shared/config"
)

// Config is where Redis is and how to talk to it.
type Config struct {
	// Addr is host:port, or comma-separated seed nodes for Redis Cluster.
	Addr     string
	Username string
	Password string
	// Cluster talks the Redis Cluster protocol.
	Cluster bool
	// TLS connects over TLS (1.2 or later), checking ServerName if set.
	TLS        bool
	ServerName string
	// PoolSize is the connections per process; 0 is go-redis's default.
	PoolSize int
}

// Bind registers the shared Redis flags and variables on l; what is
// specific to a service (key prefix, pool size) it registers itself.
func (c *Config) Bind(l *config.Loader, what string) {
	l.String(&c.Addr, "redis-addr", "CROUPIER_REDIS_ADDR", "127.0.0.1:6379", "Redis host:port (comma-separated seed nodes for Redis Cluster) for "+what)
	l.String(&c.Username, "redis-username", "CROUPIER_REDIS_USERNAME", "", "Redis ACL user")
	l.String(&c.Password, "redis-password", "CROUPIER_REDIS_PASSWORD", "", "Redis password")
	l.Bool(&c.Cluster, "redis-cluster", "CROUPIER_REDIS_CLUSTER", false, "talk the Redis Cluster protocol")
	l.Bool(&c.TLS, "redis-tls", "CROUPIER_REDIS_TLS", false, "connect to Redis over TLS")
	l.String(&c.ServerName, "redis-tls-server-name", "CROUPIER_REDIS_TLS_SERVER_NAME", "", "TLS server name of Redis")
}

// Check adds what is wrong with c to ch.
func (c Config) Check(ch *config.Check) {
	ch.That(strings.TrimSpace(c.Addr) != "", "redis address is empty (CROUPIER_REDIS_ADDR)")
	for _, a := range c.addrs() {
		ch.That(strings.Contains(a, ":"), "redis address %q: want host:port", a)
	}
	ch.That(c.PoolSize >= 0, "redis pool size %d: must not be negative", c.PoolSize)
	ch.That(c.ServerName == "" || c.TLS, "a Redis TLS server name needs TLS (CROUPIER_REDIS_TLS=true)")
}

func (c Config) addrs() []string {
	var out []string
	for _, a := range strings.Split(c.Addr, ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// Options are go-redis's options for c.
func (c Config) Options() *redis.UniversalOptions {
	o := &redis.UniversalOptions{Addrs: c.addrs(), Username: c.Username, Password: c.Password,
		IsClusterMode: c.Cluster, PoolSize: c.PoolSize}
	if c.TLS {
		o.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12, ServerName: c.ServerName}
	}
	return o
}

// Open returns a client that has answered a PING within timeout; the
// caller closes it.
func (c Config) Open(ctx context.Context, timeout time.Duration) (redis.UniversalClient, error) {
	rdb := redis.NewUniversalClient(c.Options())
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := rdb.Ping(pctx).Err(); err != nil {
		rdb.Close()
		return nil, fmt.Errorf("redis at %s: %w", c.Addr, err)
	}
	return rdb, nil
}
