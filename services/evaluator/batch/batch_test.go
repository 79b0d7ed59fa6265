package batch

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

func run(t *testing.T, in string, g rank.Game) (string, string, Stats) {
	t.Helper()
	var out, errs bytes.Buffer
	st, err := Run(strings.NewReader(in), &out, &errs, g)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errs.String(), st
}

func TestRunWritesCategoryAndRankPerLine(t *testing.T) {
	in := "As Ks Qs Js Ts 2c 3d\n" +
		"Kd 4c Ks 9h Kh 4s 2d\r\n" +
		"\n" +
		"7c 5d 4h 3s 2c\n" +
		"ah 2H 3h 4H 5h\n" +
		"10h jh qh kh 9h\n"
	out, errs, st := run(t, in, rank.GameHigh)
	// Ranks by counting: the royal flush is 7462 and the straight flushes
	// the top ten, so the wheel's is 7453 and K-high 7461; full houses are
	// 7141..7296 by trips then pair, so K-K-K-4-4 is 7141 + 11*12 + 2 =
	// 7275; 7-5-4-3-2 offsuit is the weakest hand, 1.
	want := "straightflush 7462\nfullhouse 7275\nhigh 1\nstraightflush 7453\nstraightflush 7461\n"
	if out != want || errs != "" || st.Hands != 5 || st.Invalid != 0 {
		t.Errorf("out %q errs %q stats %+v; want %q", out, errs, st, want)
	}
}

func TestRunOmahaAndTwoPlusThree(t *testing.T) {
	// docs/rules/gr-variant-omaha.md §7 vectors 1 and 3.
	out, _, _ := run(t, "Qs Qh 9d 8c | As Ks 7s 4s 2h\nAs Ah 7c 3d|Ks Kh Kd 5c 2s\n", rank.GameOmaha)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "pair ") || !strings.HasPrefix(lines[1], "fullhouse ") {
		t.Errorf("omaha: %q", out)
	}
	out, _, _ = run(t, "2s 3s | Ac Ad Ah Ks Kd\n", rank.GameTwoPlusThree)
	if want := fmt.Sprintf("trips %d\n", rank.TwoPlusThree(cards(t, "2s 3s"), cards(t, "Ac Ad Ah Ks Kd"))); out != want {
		t.Errorf("two plus three: %q, want %q", out, want)
	}
}

func cards(t *testing.T, s string) []card.Card {
	t.Helper()
	c, err := card.ParseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRunRejectsBadLinesAndCarriesOn(t *testing.T) {
	in := "As Ks Qs Js\nAs Ks Qs Js As\nAs Kx Qs Js Ts\nAs Ks Qs Js Ts\n2c 3c 4c 5c 6c 7c 8c 9c\nAs | Ks | Qs Js Ts\n"
	out, errs, st := run(t, in, rank.GameHigh)
	want := "invalid WRONG_CARD_COUNT\ninvalid DUPLICATE_CARD\ninvalid BAD_CARD_NOTATION\nstraightflush 7462\ninvalid WRONG_CARD_COUNT\ninvalid BAD_CARD_NOTATION\n"
	if out != want || st.Hands != 1 || st.Invalid != 5 {
		t.Errorf("out %q stats %+v; want %q", out, st, want)
	}
	if !strings.Contains(errs, "line 2: a card appears twice") || !strings.Contains(errs, "line 3: bad card notation") {
		t.Errorf("errors %q", errs)
	}
	out, _, _ = run(t, "As Ks Qs Js Ts 2c\nAs Ks Qs | Js Ts 2c\n", rank.GameOmaha)
	if out != "invalid WRONG_CARD_COUNT\ninvalid WRONG_CARD_COUNT\n" {
		t.Errorf("omaha without four hole cards and a bar: %q", out)
	}
}

// Property: the batch ranks equal the library's on random hands.
func TestRunAgreesWithTheLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var in, want strings.Builder
	for i := 0; i < 5000; i++ {
		p := rng.Perm(52)
		cs := make([]card.Card, 9)
		for j := range cs {
			cs[j] = card.Card(p[j])
		}
		fmt.Fprintf(&in, "%s | %s\n", card.Join(cs[:4]), card.Join(cs[4:]))
		v := rank.Omaha(cs[:4], cs[4:])
		fmt.Fprintf(&want, "%s %d\n", v.Category(), v)
	}
	if out, _, _ := run(t, in.String(), rank.GameOmaha); out != want.String() {
		t.Error("batch and library disagree")
	}
}

// The line parser agrees with card.ParseString on what it accepts, and
// never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"As Ks Qs Js Ts", "10h td | 2c", "As,Kd\t2c", "||", "As As", "1", "10", "0h", "ÿs"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var h Hand
		code := h.Parse([]byte(s))
		if code != OK {
			return
		}
		cs, err := card.ParseString(strings.NewReplacer("|", " ", "\r", " ").Replace(s))
		if err != nil {
			t.Fatalf("Parse accepted %q, card.ParseString says %v", s, err)
		}
		got := append(append([]card.Card(nil), h.Hole[:h.NHole]...), h.Board[:h.NBoard]...)
		if card.Join(got) != card.Join(cs) {
			t.Fatalf("Parse(%q) = %s, card.ParseString = %s", s, card.Join(got), card.Join(cs))
		}
	})
}

func BenchmarkRunOmahaLines(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var in bytes.Buffer
	for i := 0; i < 10000; i++ {
		p := rng.Perm(52)
		cs := make([]card.Card, 9)
		for j := range cs {
			cs[j] = card.Card(p[j])
		}
		fmt.Fprintf(&in, "%s | %s\n", card.Join(cs[:4]), card.Join(cs[4:]))
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(bytes.NewReader(data), discard{}, discard{}, rank.GameOmaha); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10000), "ns/line")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
