package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/rtp/casinopoker"
)

// The side bets' figures, with the spec's tables and with one given on
// the command line.
func TestRunPrintsSideBets(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-game", "gr-aa"}, []string{
			"paytable flush_or_better=25,pair_of_aces_to_straight=7", "hands          2598960",
			"pair_of_aces_to_straight         273144", "exact RTP      93.597747 %"}},
		{[]string{"-game", "ru-bonus"}, []string{"exact RTP      87.007111 %"}},
		{[]string{"-game", "gr-aa", "-paytable", "flush_or_better=20,pair_of_aces_to_straight=7"}, []string{
			"paytable flush_or_better=20,pair_of_aces_to_straight=7", "exact RTP      91.76701"}},
	} {
		var out strings.Builder
		if err := run(context.Background(), tc.args, &out, io.Discard); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out.String())
			}
		}
	}
}

// The stud games: the Royal Bonus exactly, a short simulation of Split
// poker, a table of fractions refused.
func TestRunPrintsStudGames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-game", "stud-royal-bonus"}, []string{"hands          2598960", "pair                              84480",
			"exact RTP      36.109213 %"}},
		{[]string{"-game", "split", "-rounds", "1000", "-seed", "3"}, []string{"simulated      never buy, 1000 rounds (seed 3)"}},
	} {
		var out strings.Builder
		if err := run(context.Background(), tc.args, &out, io.Discard); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out.String())
			}
		}
	}
	if err := run(context.Background(), []string{"-game", "split", "-paytable", "pair=1.5"}, io.Discard, io.Discard); err == nil {
		t.Error("a fractional split table priced")
	}
}

func TestParseRefuses(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "baccarat"},
		{"-game", "split", "-buy"},
		{"-game", "oasis", "-reading", "aces"},
		{"-rounds", "-1"},
		{"-paytable", "flush=x"},
		{"extra"},
	} {
		if _, err := parse(args, io.Discard); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	if _, err := parse([]string{"-h"}, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
	// a table missing a line of its bet is refused when priced
	err := run(context.Background(), []string{"-game", "cz-trips", "-paytable", "royal_flush=50"}, io.Discard, io.Discard)
	if !errors.Is(err, casinopoker.ErrInvalidPaytable) {
		t.Errorf("an incomplete Trips table: %v", err)
	}
}
