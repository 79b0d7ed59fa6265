package redisconn

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/config"
)

func load(t *testing.T, env map[string]string, args ...string) (Config, error) {
	t.Helper()
	var c Config
	l := config.New("test", func(k string) string { return env[k] })
	c.Bind(l, "tests")
	if err := l.Parse(args); err != nil {
		return c, err
	}
	var ch config.Check
	c.Check(&ch)
	return c, ch.Err()
}

func TestConfigFromEnvAndFlags(t *testing.T) {
	c, err := load(t, map[string]string{"CROUPIER_REDIS_ADDR": "a:1, b:2", "CROUPIER_REDIS_CLUSTER": "true",
		"CROUPIER_REDIS_TLS": "true", "CROUPIER_REDIS_TLS_SERVER_NAME": "redis.internal"}, "--redis-username", "svc")
	if err != nil {
		t.Fatal(err)
	}
	o := c.Options()
	if strings.Join(o.Addrs, " ") != "a:1 b:2" || !o.IsClusterMode || o.Username != "svc" {
		t.Errorf("options %+v", o)
	}
	if o.TLSConfig == nil || o.TLSConfig.ServerName != "redis.internal" || o.TLSConfig.MinVersion == 0 {
		t.Errorf("TLS config %+v", o.TLSConfig)
	}
}

func TestConfigRejects(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"empty address":          {"CROUPIER_REDIS_ADDR": " "},
		"no port":                {"CROUPIER_REDIS_ADDR": "redis"},
		"server name, no TLS":    {"CROUPIER_REDIS_TLS_SERVER_NAME": "x"},
		"one bad cluster member": {"CROUPIER_REDIS_ADDR": "a:1,b"},
	} {
		if _, err := load(t, env); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := load(t, nil); err != nil {
		t.Errorf("defaults rejected: %v", err)
	}
}

// Open fails with the address in the error when nothing answers PING.
func TestOpenNeedsAnAnswer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = Config{Addr: addr}.Open(context.Background(), 2*time.Second)
	if err == nil || !strings.Contains(err.Error(), addr) {
		t.Fatalf("open of a dead address: %v", err)
	}
}
