// Command rngstream writes the RNG's output to stdout for external
// statistical batteries (dieharder, ent): `make rng-report` pipes it into
// them. It uses the production generator (services/rng/drbg) with the
// production reseed policy and health tests, seeded from crypto/rand.
//
// Modes:
//
//	raw      the DRBG's output bytes, as every bounded draw consumes them
//	shuffle  bytes extracted exactly from 52-card Fisher–Yates shuffles: the
//	         Lehmer code of each shuffled deck (51 independent uniform digits
//	         of radix 52, 51, ..., 2) is fed into a mixed-radix accumulator
//	         that emits a byte only when it holds a uniform one, so any bias
//	         in the shuffle shows up as bias in the bytes
//
// With -bytes 0 (the default) it streams until the reader closes the pipe.
// It prints the byte count to stderr (and to -count-file) when it stops.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/shared/card"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "rngstream:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rngstream", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("mode", "raw", "raw or shuffle")
	limit := fs.Int64("bytes", 0, "stop after this many bytes (0: until the pipe closes)")
	countFile := fs.String("count-file", "", "write the number of bytes written to this file when done")
	reseedBytes := fs.Uint64("reseed-bytes", drbg.DefaultPolicy.MaxBytes, "reseed after this many output bytes")
	reseedEvery := fs.Duration("reseed-interval", drbg.DefaultPolicy.MaxAge, "reseed after this much time")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := drbg.New(drbg.Config{Policy: drbg.Policy{MaxBytes: *reseedBytes, MaxAge: *reseedEvery}})
	if err != nil {
		return err
	}
	if err := g.Err(); err != nil {
		return err
	}
	var src func([]byte) error
	switch *mode {
	case "raw":
		src = func(p []byte) error { _, err := g.Read(p); return err }
	case "shuffle":
		src = newShuffleBytes(g).fill
	default:
		return fmt.Errorf("unknown mode %q: want raw or shuffle", *mode)
	}

	// SIGPIPE on stdout would kill the process before it reports; ignore
	// it and stop on EPIPE instead.
	signal.Ignore(syscall.SIGPIPE)
	start := time.Now()
	w := bufio.NewWriterSize(stdout, 1<<16)
	buf := make([]byte, 1<<16)
	var written int64
	for *limit == 0 || written < *limit {
		n := int64(len(buf))
		if *limit > 0 && *limit-written < n {
			n = *limit - written
		}
		if err := src(buf[:n]); err != nil {
			return err
		}
		m, err := w.Write(buf[:n])
		written += int64(m)
		if err != nil {
			break
		}
	}
	if err := w.Flush(); err != nil && !errors.Is(err, syscall.EPIPE) {
		written -= int64(w.Buffered())
	}
	st := g.Stats()
	msg := fmt.Sprintf("rngstream: mode=%s bytes=%d seconds=%.1f reseeds=%d entropy_bytes_tested=%d\n",
		*mode, written, time.Since(start).Seconds(), st.Reseeds, st.EntropyBytes)
	fmt.Fprint(stderr, msg)
	if *countFile != "" {
		if err := os.WriteFile(*countFile, []byte(msg), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// shuffleBytes turns shuffles into uniform bytes without losing exactness:
// v is uniform over [0, r) at all times.
type shuffleBytes struct {
	g    *drbg.Generator
	deck []card.Card
	v, r uint64
	out  []byte
}

func newShuffleBytes(g *drbg.Generator) *shuffleBytes {
	return &shuffleBytes{g: g, deck: card.Deck(1), r: 1}
}

func (b *shuffleBytes) fill(p []byte) error {
	for len(p) > 0 {
		if len(b.out) == 0 {
			if err := b.next(); err != nil {
				return err
			}
		}
		n := copy(p, b.out)
		b.out, p = b.out[n:], p[n:]
	}
	return nil
}

// next shuffles one deck and appends the bytes it yields to b.out.
func (b *shuffleBytes) next() error {
	deck := card.Deck(1)
	if err := b.g.Do(func(s *drbg.Stream) { drbg.Shuffle(s, deck) }); err != nil {
		return err
	}
	// Lehmer code: digit i counts the cards after position i that are
	// smaller than deck[i]; it is uniform over [0, 52-i) and independent
	// of the other digits when the shuffle is uniform.
	remaining := uint64(1)<<card.NumCards - 1
	for i, c := range deck[:len(deck)-1] {
		radix := uint64(card.NumCards - i)
		digit := uint64(bits.OnesCount64(remaining & (uint64(1)<<c - 1)))
		remaining &^= uint64(1) << c
		b.v, b.r = b.v*radix+digit, b.r*radix
		b.emit()
	}
	return nil
}

// emit moves whole uniform bytes out of the accumulator: when v falls in
// the largest multiple q of 256 below r, v mod 256 is a uniform byte and
// v / 256 stays uniform over [0, q/256); otherwise v - q is uniform over
// the remainder [0, r - q).
func (b *shuffleBytes) emit() {
	for b.r >= 256 {
		q := b.r &^ 255
		if b.v < q {
			b.out = append(b.out, byte(b.v))
			b.v >>= 8
			b.r = q >> 8
		} else {
			b.v -= q
			b.r -= q
		}
	}
}
