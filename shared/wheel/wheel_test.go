package wheel

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docs/rules/cz-european-roulette.md §1.1: the pocket order as the source gives it,
// 0..36 each exactly once; 5's neighbours are 23-10-5-24-16 (§4.1).
func TestEuropeanOrderFromSpec(t *testing.T) {
	w := European()
	const spec = "0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26"
	if got := strings.Join(w.Labels, ", "); got != spec {
		t.Fatalf("order %s", got)
	}
	seen := map[string]bool{}
	for _, l := range w.Labels {
		seen[l] = true
	}
	for n := 0; n <= 36; n++ {
		if !seen[strconv.Itoa(n)] {
			t.Fatalf("%d missing", n)
		}
	}
	i := slices.Index(w.Labels, "5")
	if got := w.Labels[i-2 : i+3]; !slices.Equal(got, []string{"23", "10", "5", "24", "16"}) {
		t.Fatalf("neighbours of 5: %v", got)
	}
}

// docs/rules/ru-american-roulette.md §1.1 (optional double-zero wheel): 38 pockets,
// 0 and 00 opposite each other.
func TestAmericanOrderFromSpec(t *testing.T) {
	w := American()
	const spec = "0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, 00, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2"
	if got := strings.Join(w.Labels, ", "); got != spec {
		t.Fatalf("order %s", got)
	}
	if w.Size() != 38 || slices.Index(w.Labels, "00") != 19 {
		t.Fatalf("size %d, 00 at %d", w.Size(), slices.Index(w.Labels, "00"))
	}
}

// docs/rules/cz-money-wheel.md §1: 30 fields, cherries 9, bell 6, grapes 5, melon 3,
// star 2, seven 1, x 4. §7: the order is not in the source, so the shipped
// layout is marked as a placeholder.
func TestMoneyPlaceholderHasSpecCounts(t *testing.T) {
	w := MoneyPlaceholder()
	if !w.Placeholder || w.Name != PlaceholderName || w.Size() != MoneySegments {
		t.Fatalf("placeholder %+v", w)
	}
	got := map[string]int{}
	for _, l := range w.Labels {
		got[l]++
	}
	want := map[string]int{"cherries": 9, "bell": 6, "grapes": 5, "melon": 3, "star": 2, "seven": 1, "x": 4}
	for s, n := range want {
		if got[s] != n {
			t.Errorf("%s: %d fields, want %d", s, got[s], n)
		}
	}
}

func TestParseMoneyRejectsWrongCounts(t *testing.T) {
	good := strings.Split(placeholderOrder, ",")
	cases := map[string]string{
		"29 fields":      strings.Join(good[:29], ","),
		"31 fields":      strings.Join(append(slices.Clone(good), "x"), ","),
		"unknown symbol": strings.Replace(placeholderOrder, "seven", "lemon", 1),
		"wrong counts":   strings.Replace(placeholderOrder, "seven", "cherries", 1),
		"empty":          "",
	}
	for name, order := range cases {
		if _, err := ParseMoney("op", order); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	for _, name := range []string{"", "european", "two words"} {
		if _, err := ParseMoney(name, placeholderOrder); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
	w, err := ParseMoney("op", " Seven ,"+strings.Join(good[1:], ","))
	if err != nil || w.Labels[0] != "seven" {
		t.Fatalf("case and spaces: %v %v", w.Labels, err)
	}
}

func FuzzParseMoney(f *testing.F) {
	f.Add("op", placeholderOrder)
	f.Add("x", "x,x,x")
	f.Fuzz(func(t *testing.T, name, order string) {
		w, err := ParseMoney(name, order)
		if err != nil {
			return
		}
		counts := map[string]int{}
		for _, l := range w.Labels {
			counts[l]++
		}
		for s, n := range MoneyCounts() {
			if counts[s] != n {
				t.Fatalf("accepted a layout with %d %s", counts[s], s)
			}
		}
	})
}
