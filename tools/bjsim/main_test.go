package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/rtp/blackjack"
)

// Only the option flags given change the profile's rules.
func TestParseChangesOnlyTheFlagsGiven(t *testing.T) {
	for _, c := range []struct {
		args []string
		want blackjack.Rules
	}{
		{[]string{"-profile", "cz"}, blackjack.CZ()},
		{[]string{"-profile", "ru"}, blackjack.RU()},
		{[]string{"-profile", "ru", "-surrender", "any"}, func() blackjack.Rules {
			r := blackjack.RU()
			r.Surrender = blackjack.SurrenderAny
			return r
		}()},
		{[]string{"-profile", "ru", "-surrender", "none", "-resplit-aces"}, func() blackjack.Rules {
			r := blackjack.RU()
			r.Surrender, r.ResplitAces = blackjack.NoSurrender, true
			return r
		}()},
		{[]string{"-profile", "cz", "-lose-all=false", "-777=false", "-decks", "8", "-h17", "-bj-pays", "1.2"}, func() blackjack.Rules {
			r := blackjack.CZ()
			r.LoseAllToBlackjack, r.Bonus777, r.Decks, r.DealerHitsSoft17, r.BlackjackPays = false, false, 8, true, 1.2
			return r
		}()},
		{[]string{"-profile", "cz", "-das=false", "-max-hands", "2", "-split-by-rank"}, func() blackjack.Rules {
			r := blackjack.CZ()
			r.DoubleAfterSplit, r.MaxHands, r.SplitByRank = false, 2, true
			return r
		}()},
	} {
		cfg, err := parse(c.args, io.Discard)
		if err != nil {
			t.Errorf("%v: %v", c.args, err)
			continue
		}
		if cfg.rules != c.want {
			t.Errorf("%v: rules %+v, want %+v", c.args, cfg.rules, c.want)
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-profile", "us"},
		{"-surrender", "late"},
		{"-decks", "9"},
		{"-max-hands", "5"},
		{"-rounds", "0"},
		{"-no-such-flag"},
		{"extra"},
	} {
		var out strings.Builder
		if err := run(context.Background(), args, &out, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
		if out.Len() != 0 {
			t.Errorf("%v: printed %q", args, out.String())
		}
	}
}
