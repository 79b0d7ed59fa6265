package rng

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
)

// Request limits.
const (
	MaxDecks        = 8
	MaxDrawN        = 1_000_000
	MaxDrawK        = 100_000
	maxFieldLen     = 128
	denseDrawFactor = 4 // a draw of k from n uses an n-sized array when n <= 4k
)

// Shuffle returns a uniformly shuffled shoe of 1..8 decks, top card first,
// with an optional reshuffle marker.
func (s *Service) Shuffle(ctx context.Context, req *rngv1.ShuffleRequest) (*rngv1.Outcome, error) {
	decks := int(req.GetDecks())
	if decks < 1 || decks > MaxDecks {
		return nil, apierr.Invalid("DECKS_OUT_OF_RANGE", "decks %d: want 1..%d", decks, MaxDecks)
	}
	n := decks * card.NumCards
	cc := req.GetCutCard()
	if cc != nil {
		front, end := int(cc.GetMinFromFront()), int(cc.GetMinFromEnd())
		// A marker at 0 would mean "no marker" in the outcome; at n nothing
		// would stay behind it.
		if front < 1 || end < 1 || front+end > n {
			return nil, apierr.Invalid("CUT_CARD_OUT_OF_RANGE",
				"cut card needs min_from_front >= 1, min_from_end >= 1 and their sum <= %d cards, got %d and %d", n, front, end)
		}
	}
	if err := checkCommon(req.GetContext(), req.GetIdempotencyKey()); err != nil {
		return nil, err
	}
	return s.create(ctx, rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE, req, req.GetContext(), req.GetIdempotencyKey(), func(g *drbg.Generator, o *rngv1.Outcome) error {
		shoe := make([]card.Card, 0, n)
		for range decks {
			for c := range card.NumCards {
				shoe = append(shoe, card.Card(c))
			}
		}
		var cut uint32
		err := g.Do(func(st *drbg.Stream) {
			drbg.Shuffle(st, shoe)
			if cc != nil {
				// docs/rules/ru-blackjack.md §4.1 step 6: the marker leaves at least
				// min_from_end cards undealt; uniform over the allowed range.
				lo, hi := uint32(cc.GetMinFromFront()), uint32(n-int(cc.GetMinFromEnd()))
				cut = lo + st.Uint32n(hi-lo+1)
			}
		})
		if err != nil {
			return err
		}
		o.Decks = int32(decks)
		o.Cards = make([]string, n)
		for i, c := range shoe {
			o.Cards[i] = c.String()
		}
		o.CutCardPosition = int32(cut)
		return nil
	})
}

// Spin returns a uniformly chosen pocket (or money-wheel segment).
func (s *Service) Spin(ctx context.Context, req *rngv1.SpinRequest) (*rngv1.Outcome, error) {
	w := s.money
	switch req.GetWheel() {
	case rngv1.Wheel_WHEEL_EUROPEAN:
		w = european
	case rngv1.Wheel_WHEEL_AMERICAN:
		w = american
	case rngv1.Wheel_WHEEL_MONEY:
	default:
		return nil, apierr.Invalid("WHEEL_UNKNOWN", "wheel %v: want WHEEL_EUROPEAN, WHEEL_AMERICAN or WHEEL_MONEY", req.GetWheel())
	}
	if err := checkCommon(req.GetContext(), req.GetIdempotencyKey()); err != nil {
		return nil, err
	}
	return s.create(ctx, rngv1.OutcomeKind_OUTCOME_KIND_SPIN, req, req.GetContext(), req.GetIdempotencyKey(), func(g *drbg.Generator, o *rngv1.Outcome) error {
		var i int
		if err := g.Do(func(st *drbg.Stream) { i = SpinIndex(st, w) }); err != nil {
			return err
		}
		o.Wheel, o.WheelLayout, o.PocketIndex, o.PocketLabel = w.Kind, w.Name, int32(i), w.Labels[i]
		return nil
	})
}

// SpinIndex picks a pocket of w uniformly: every pocket (and so every
// money-wheel field) has probability 1/w.Size().
func SpinIndex(st *drbg.Stream, w wheel.Wheel) int {
	return int(st.Uint32n(uint32(w.Size())))
}

// Draw returns k distinct values drawn uniformly from [0, n), in draw order:
// the first k positions of a Fisher–Yates shuffle of 0..n-1.
func (s *Service) Draw(ctx context.Context, req *rngv1.DrawRequest) (*rngv1.Outcome, error) {
	n, k := req.GetN(), req.GetK()
	if n < 1 || n > MaxDrawN {
		return nil, apierr.Invalid("DRAW_N_OUT_OF_RANGE", "n %d: want 1..%d", n, MaxDrawN)
	}
	if k < 1 || k > n || k > MaxDrawK {
		return nil, apierr.Invalid("DRAW_K_OUT_OF_RANGE", "k %d: want 1..min(n=%d, %d)", k, n, MaxDrawK)
	}
	if err := checkCommon(req.GetContext(), req.GetIdempotencyKey()); err != nil {
		return nil, err
	}
	return s.create(ctx, rngv1.OutcomeKind_OUTCOME_KIND_DRAW, req, req.GetContext(), req.GetIdempotencyKey(), func(g *drbg.Generator, o *rngv1.Outcome) error {
		var values []int32
		if err := g.Do(func(st *drbg.Stream) { values = DrawK(st, n, k) }); err != nil {
			return err
		}
		o.N, o.Values = n, values
		return nil
	})
}

// DrawK returns the first k values of a Fisher–Yates shuffle of 0..n-1,
// using an array when n is small next to k and a map of the displaced
// positions otherwise.
func DrawK(st *drbg.Stream, n, k int32) []int32 {
	out := make([]int32, k)
	if int64(n) <= denseDrawFactor*int64(k) {
		a := make([]int32, n)
		for i := range a {
			a[i] = int32(i)
		}
		for i := range k {
			j := i + int32(st.Uint32n(uint32(n-i)))
			a[i], a[j] = a[j], a[i]
		}
		copy(out, a[:k])
		return out
	}
	moved := make(map[int32]int32, k)
	at := func(i int32) int32 {
		if v, ok := moved[i]; ok {
			return v
		}
		return i
	}
	for i := range k {
		j := i + int32(st.Uint32n(uint32(n-i)))
		out[i] = at(j)
		moved[j] = at(i)
	}
	return out
}

func checkCommon(c *commonv1.Context, key string) error {
	fields := []struct{ name, v string }{
		{"idempotency_key", key},
		{"context.table_id", c.GetTableId()}, {"context.hand_id", c.GetHandId()},
		{"context.round_id", c.GetRoundId()}, {"context.tournament_id", c.GetTournamentId()},
		{"context.partner_id", c.GetPartnerId()}, {"context.player_id", c.GetPlayerId()},
	}
	for _, f := range fields {
		if len(f.v) > maxFieldLen {
			return apierr.Invalid("FIELD_TOO_LONG", "%s is %d bytes, at most %d", f.name, len(f.v), maxFieldLen)
		}
		if !utf8.ValidString(f.v) {
			return apierr.Invalid("FIELD_NOT_UTF8", "%s is not valid UTF-8", f.name)
		}
	}
	return nil
}

// create runs the common path of every outcome: health gate, idempotency,
// generation, commitment, audit.
func (s *Service) create(ctx context.Context, kind rngv1.OutcomeKind, req proto.Message, c *commonv1.Context, key string,
	generate func(*drbg.Generator, *rngv1.Outcome) error,
) (*rngv1.Outcome, error) {
	if err := s.available(); err != nil {
		return nil, err
	}
	caller := callerOf(ctx)
	scope, fp := "", fingerprint(kind, req)
	if key != "" {
		// A retry gets the outcome it was first given, never a new one: a
		// caller cannot shop for a better shoe by retrying.
		scope = caller + "\x00" + key
		e, err := s.store.Lookup(ctx, scope)
		switch {
		case err == nil:
			return replay(e, fp)
		case !errors.Is(err, store.ErrNotFound):
			return nil, fmt.Errorf("rng: idempotency lookup: %w", err)
		}
	}
	// One read of the salt source for the id and the salt.
	var fresh [16 + proof.SaltSize]byte
	if _, err := io.ReadFull(s.salt, fresh[:]); err != nil {
		return nil, fmt.Errorf("rng: salt: %w", err)
	}
	id, salt := "o-"+hex.EncodeToString(fresh[:16]), fresh[16:]
	o := &rngv1.Outcome{Id: id, Kind: kind, CreatedAt: timestamppb.New(s.now().UTC()), Context: proto.Clone(orEmpty(c)).(*commonv1.Context)}
	if err := generate(s.gen, o); err != nil {
		if errors.Is(err, drbg.ErrUnhealthy) {
			return nil, apierr.Unavailable("RNG_UNHEALTHY", "%v", err)
		}
		return nil, err
	}
	var enc []byte
	if kind == rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		// A shoe is committed position by position under one root, so that a
		// viewer can later be shown his cards and no other (docs/rng.md).
		shoe, err := proof.NewShoe(id, o.GetCards(), int(o.GetCutCardPosition()), salt)
		if err != nil {
			return nil, fmt.Errorf("rng: commit shoe: %w", err)
		}
		o.Commitment = shoe.Root()
	} else {
		var err error
		if enc, err = proof.Encode(o); err != nil {
			return nil, fmt.Errorf("rng: encode: %w", err)
		}
		o.Commitment = proof.Commit(enc, salt)
	}
	entry := &store.Entry{
		Reveal: &rngv1.RevealResponse{Outcome: o, Salt: salt, CanonicalEncoding: enc},
		Record: &rngv1.AuditRecord{
			OutcomeId: id, Kind: kind, Context: o.GetContext(), Commitment: o.GetCommitment(),
			CreatedAt: o.GetCreatedAt(), RequestedBy: caller, IdempotencyKey: key,
		},
		IdempotencyScope: scope,
		Fingerprint:      fp,
	}
	existing, e, err := s.store.Commit(ctx, entry)
	if err != nil {
		return nil, fmt.Errorf("rng: commit: %w", err)
	}
	if existing {
		// A concurrent retry with the same key won; ours was never shown.
		return replay(e, fp)
	}
	s.created[kind].Add(1)
	return e.Reveal.GetOutcome(), nil
}

func replay(e *store.Entry, fp []byte) (*rngv1.Outcome, error) {
	if !bytes.Equal(e.Fingerprint, fp) {
		return nil, apierr.Conflict("IDEMPOTENCY_KEY_REUSED", "the idempotency key was used for a different request (outcome %s)", e.Record.GetOutcomeId())
	}
	return e.Reveal.GetOutcome(), nil
}

func (s *Service) available() error {
	if ok, reason := s.Health(); !ok {
		return apierr.Unavailable("RNG_UNHEALTHY", "the RNG failed a health test and serves no outcomes: %s", reason)
	}
	return nil
}

func callerOf(ctx context.Context) string {
	if p, ok := auth.FromContext(ctx); ok {
		return p.String()
	}
	return "in-process"
}

// fingerprint identifies a request apart from its idempotency key.
func fingerprint(kind rngv1.OutcomeKind, req proto.Message) []byte {
	m := proto.Clone(req)
	switch r := m.(type) {
	case *rngv1.ShuffleRequest:
		r.IdempotencyKey = ""
	case *rngv1.SpinRequest:
		r.IdempotencyKey = ""
	case *rngv1.DrawRequest:
		r.IdempotencyKey = ""
	}
	b, _ := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	h := sha256.New()
	h.Write([]byte{byte(kind)})
	h.Write(b)
	return h.Sum(nil)
}

func orEmpty(c *commonv1.Context) *commonv1.Context {
	if c == nil {
		return &commonv1.Context{}
	}
	return c
}
