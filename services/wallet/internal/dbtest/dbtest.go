// Package dbtest gives the wallet's tests a fresh database: a temporary
// SQLite file, or a scratch PostgreSQL database created for the test and
// dropped after it (integration tests, the real server on 127.0.0.1:5432).
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// DefaultPostgresDSN is the test server, overridden by CROUPIER_TEST_POSTGRES_DSN.
const DefaultPostgresDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresDSN returns the DSN of the test server's `test` database.
func PostgresDSN() string {
	if v := os.Getenv("CROUPIER_TEST_POSTGRES_DSN"); v != "" {
		return v
	}
	return DefaultPostgresDSN
}

// Postgres creates a scratch database wallet_test_<random> on the test
// server and returns its DSN; it is dropped when the test ends. A missing
// server fails the test: integration tests never skip.
func Postgres(t testing.TB) string {
	t.Helper()
	base := PostgresDSN()
	admin, err := adminDB(base)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "wallet_test_" + hex.EncodeToString(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		t.Fatalf("dbtest: create database on %s: %v", redact(base), err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: drop %s: %v", name, err)
		}
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

func adminDB(dsn string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("PostgreSQL at %s does not answer: %w", redact(dsn), err)
	}
	return db, nil
}

// Admin opens a connection to the test server's `test` database, for tests
// that act on the server from outside the service (pg_terminate_backend).
func Admin(t testing.TB) *sql.DB {
	t.Helper()
	db, err := adminDB(PostgresDSN())
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(unparsable dsn)"
	}
	return u.Redacted()
}

// SQLite returns the path of a new SQLite file in the test's temp dir.
func SQLite(t testing.TB) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "wallet.db")
}

// Clock is a settable clock for deterministic hold expiry.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock reading t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now reads the clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// AdminOn opens a separate connection pool to the database at dsn, for a
// test that watches or acts on the service's database from outside.
func AdminOn(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	db, err := adminDB(dsn)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
