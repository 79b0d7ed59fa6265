// Command rng serves the RNG service (croupier.rng.v1.RngService) alone:
// gRPC, gRPC-Web and Connect on one port, with gRPC health reflecting the
// RNG's health tests. Production runs it with the Redis audit store; -dev
// runs it alone on a laptop (audit log in memory, throwaway token keys, the
// credentials to call it printed at start).
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/services/rng/api"
	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/redisstore"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/shared/redisconn"
	"github.com/croupier/croupier/shared/wheel"
)

// settings is the RNG binary's configuration.
type settings struct {
	common          boot.Common
	auditStore      string
	redis           redisconn.Config
	redisPrefix     string
	sealKey         string
	idempotencyTTL  time.Duration
	reseedBytes     int
	reseedInterval  time.Duration
	checkInterval   time.Duration
	selfTest        int
	moneyWheelName  string
	moneyWheelOrder string
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "rng:", err)
		os.Exit(1)
	}
}

func load(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	var s settings
	l := config.New("rng", getenv)
	s.common.Bind(l, ":8080")
	s.common.BindDev(l)
	l.String(&s.auditStore, "audit-store", "CROUPIER_RNG_AUDIT_STORE", "redis", "where the audit log and outcomes live: redis or memory (memory loses them on restart)")
	// The Redis and seal-key variables are the ones every Croupier service
	// and the Helm chart share.
	s.redis.Bind(l, "the audit store")
	l.String(&s.redisPrefix, "redis-prefix", "CROUPIER_RNG_REDIS_PREFIX", "croupier:", "prefix of every RNG key in Redis")
	l.String(&s.sealKey, "seal-key", "CROUPIER_SEAL_KEY", "", "hex AES-256 key (32 bytes) sealing stored outcomes in Redis until they are revealed; required with the redis store")
	l.Duration(&s.idempotencyTTL, "idempotency-ttl", "CROUPIER_RNG_IDEMPOTENCY_TTL", 24*time.Hour, "how long a retry with the same idempotency key gets the same outcome")
	l.Int(&s.reseedBytes, "reseed-bytes", "CROUPIER_RNG_RESEED_BYTES", int(drbg.DefaultPolicy.MaxBytes), "reseed the DRBG from crypto/rand after this many output bytes")
	l.Duration(&s.reseedInterval, "reseed-interval", "CROUPIER_RNG_RESEED_INTERVAL", drbg.DefaultPolicy.MaxAge, "reseed the DRBG at least this often")
	l.Duration(&s.checkInterval, "health-interval", "CROUPIER_RNG_HEALTH_INTERVAL", rng.DefaultCheckInterval, "interval of the periodic SP 800-90B health tests")
	l.Int(&s.selfTest, "self-test-shuffles", "CROUPIER_RNG_SELF_TEST_SHUFFLES", rng.DefaultSelfTestShuffles, "52-card shuffles in the start-up chi-square self-test")
	l.String(&s.moneyWheelName, "money-wheel-name", "CROUPIER_RNG_MONEY_WHEEL_NAME", "", "name of the operator's money-wheel layout (empty: the labelled placeholder)")
	l.String(&s.moneyWheelOrder, "money-wheel-order", "CROUPIER_RNG_MONEY_WHEEL_ORDER", "", "the 30 money-wheel symbols in wheel order, comma-separated (cz-money-wheel.md counts)")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	if s.common.Dev {
		// -dev keeps the audit log in memory; a Redis or seal key given
		// beside it is a production setting it would drop.
		var conflicts []string
		for _, g := range [][2]string{{"audit-store", "CROUPIER_RNG_AUDIT_STORE"}, {"redis-addr", "CROUPIER_REDIS_ADDR"}, {"seal-key", "CROUPIER_SEAL_KEY"}} {
			if boot.Given(l, getenv, g[0], g[1]) {
				conflicts = append(conflicts, "-"+g[0])
			}
		}
		if err := s.common.ApplyDev(conflicts...); err != nil {
			return s, err
		}
		s.auditStore = "memory"
	}
	return s, s.validate()
}

func (s settings) validate() error {
	var c config.Check
	c.That(s.auditStore == "redis" || s.auditStore == "memory", "audit store %q: want redis or memory", s.auditStore)
	if s.auditStore == "redis" {
		s.redis.Check(&c)
	}
	c.That(s.idempotencyTTL >= time.Minute, "idempotency TTL %s: want at least 1m", s.idempotencyTTL)
	c.That(s.checkInterval >= 100*time.Millisecond && s.checkInterval <= s.reseedInterval, "health interval %s: want 100ms .. the reseed interval", s.checkInterval)
	c.That(s.selfTest >= 10_000, "self-test shuffles %d: want at least 10000", s.selfTest)
	c.That(s.reseedBytes > 0, "reseed bytes must be positive")
	c.That((s.moneyWheelName == "") == (s.moneyWheelOrder == ""), "set both money-wheel name and order, or neither")
	errs := []error{c.Err(), s.policy().Validate()}
	if s.auditStore == "redis" {
		if _, err := s.sealKeyBytes(); err != nil {
			errs = append(errs, err)
		}
	}
	if s.moneyWheelName != "" {
		_, err := wheel.ParseMoney(s.moneyWheelName, s.moneyWheelOrder)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// sealKeyBytes decodes the seal key. The Redis store never holds a shoe in
// the clear: anyone with read access to Redis would see the cards before
// the hand (ARCHITECTURE.md: hidden fields are sealed before Redis).
func (s settings) sealKeyBytes() ([]byte, error) {
	k, err := hex.DecodeString(s.sealKey)
	if err != nil || len(k) != 32 {
		return nil, errors.New("seal key (CROUPIER_SEAL_KEY) must be 64 hex characters (32 bytes) with the redis store")
	}
	return k, nil
}

func (s settings) policy() drbg.Policy {
	return drbg.Policy{MaxBytes: uint64(max(s.reseedBytes, 0)), MaxAge: s.reseedInterval}
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-rng", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	var st store.Store = store.NewMemory()
	if set.auditStore == "redis" {
		rdb, err := set.redis.Open(ctx, 5*time.Second)
		if err != nil {
			return fmt.Errorf("audit store: %w", err)
		}
		defer rdb.Close()
		if err := redisconn.Instrument(rdb, rt.Telemetry.TracerProvider, rt.Telemetry.MeterProvider); err != nil {
			return err
		}
		key, _ := set.sealKeyBytes()
		if st, err = redisstore.New(rdb, redisstore.Config{Prefix: set.redisPrefix, IdempotencyTTL: set.idempotencyTTL, SealKey: key}); err != nil {
			return err
		}
	}
	money := wheel.MoneyPlaceholder()
	if set.moneyWheelName != "" {
		money, _ = wheel.ParseMoney(set.moneyWheelName, set.moneyWheelOrder)
	}
	m, err := api.Mount(rt, api.Deps{
		Config: rng.Config{
			DRBG:             drbg.Config{Policy: set.policy()},
			Store:            st,
			MoneyWheel:       money,
			SelfTestShuffles: set.selfTest,
		},
		CheckInterval: set.checkInterval,
	})
	if err != nil {
		return err
	}
	defer m.Stop()
	if err := boot.PrintDev(stderr, set.common, rt); err != nil {
		return err
	}
	return rt.Run(ctx)
}
