//go:build !race

package main

import (
	"context"
	"io"
	"strings"
	"testing"
)

// A short run prints the figures. Not under -race: the exact calculation
// alone takes ten times as long there and finds nothing.
func TestRunPrintsTheFigures(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"-profile", "ru", "-surrender", "any", "-rounds", "20000", "-seed", "3", "-upcards"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"rules          ru: 8 decks, S17, dealer blackjack takes all, blackjack pays 1.5, DAS, split by value, 4 hands, no resplit aces, surrender any, no 7-7-7",
		"rounds         20000 (seed 3",
		"simulated RTP  ",
		"exact RTP      100.09921 %",
		" SE\n",
		"M rounds/s",
		"\nA ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
