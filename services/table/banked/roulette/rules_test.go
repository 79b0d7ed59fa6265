package roulette

import (
	"testing"
)

func TestNamedDefaults(t *testing.T) {
	cz, ru := rules(t, CZ), rules(t, RU)
	for _, tc := range []struct {
		name string
		got  any
		want any
	}{
		{"both: single zero by default (ru box, N1)", [2]WheelType{cz.Wheel, ru.Wheel}, [2]WheelType{SingleZero, SingleZero}},
		{"both: announced bets on the single zero", [2]bool{cz.TakesAnnounced(), ru.TakesAnnounced()}, [2]bool{true, true}},
		{"cz §4.1, ru N2: 2 neighbours each side", [2]int{cz.Options.Neighbours, ru.Options.Neighbours}, [2]int{2, 2}},
		{"ru §4.4 track cap on ru only", [2]bool{cz.Options.TrackCap, ru.Options.TrackCap}, [2]bool{false, true}},
		{"cz §5.3 void, ru §3.22 re-spin", [2]InvalidSpin{cz.Options.InvalidSpin, ru.Options.InvalidSpin}, [2]InvalidSpin{InvalidVoids, InvalidRespins}},
		{"cz §5.2 alternation", [2]bool{cz.Options.AlternateDirection, ru.Options.AlternateDirection}, [2]bool{true, false}},
		{"cz §5.3 10, ru §3.19 3 revolutions", [2]int{cz.Options.MinRevolutions, ru.Options.MinRevolutions}, [2]int{10, 3}},
		{"no top line by default", ru.Options.TopLine, false},
		{"ru N1: no racetrack on 0/00", rules(t, RU, "wheel", "double_zero").TakesAnnounced(), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if _, err := Named("gr"); err == nil {
		t.Error("unknown profile accepted")
	}
}

func TestSetAndValidate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    []string
		setErr  bool
		invalid bool
	}{
		{"double zero", []string{"wheel", "double_zero"}, false, false},
		{"double zero with the top line, either order", []string{"top_line", "true", "wheel", "double_zero"}, false, false},
		{"top line needs 0/00", []string{"top_line", "true"}, false, true},
		{"announced on 0/00 (ru N1)", []string{"announced", "on", "wheel", "double_zero"}, false, true},
		{"announced off", []string{"announced", "false"}, false, false},
		{"neighbours 0", []string{"neighbours", "0"}, false, true},
		{"neighbours 19", []string{"neighbours", "19"}, false, true},
		{"neighbours 18", []string{"neighbours", "18"}, false, false},
		{"negative revolutions", []string{"min_revolutions", "-1"}, false, true},
		{"unknown wheel", []string{"wheel", "triple_zero"}, true, false},
		{"unknown option", []string{"la_partage", "true"}, true, false},
		{"bad bool", []string{"track_cap", "maybe"}, true, false},
		{"bad int", []string{"neighbours", "two"}, true, false},
		{"void handling", []string{"invalid_spin", "void"}, false, false},
		{"bad handling", []string{"invalid_spin", "en_prison"}, true, false},
		{"alternation off", []string{"alternate_direction", "false"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := Named(RU)
			var setErr error
			for i := 0; i < len(tc.opts); i += 2 {
				if err := r.Set(tc.opts[i], tc.opts[i+1]); err != nil {
					setErr = err
				}
			}
			if (setErr != nil) != tc.setErr {
				t.Fatalf("Set: %v", setErr)
			}
			if err := r.Validate(); (err != nil) != tc.invalid {
				t.Errorf("Validate: %v", err)
			}
		})
	}
}

func TestLimitsDefaultToTheTable(t *testing.T) {
	l := Limits{Table: roundLimit(10, 500), Straight: roundLimit(0, 50), EvenChance: roundLimit(25, 0)}
	for _, tc := range []struct {
		k        Kind
		min, max int64
		spot     int64
	}{
		{Straight, 10, 50, 50}, {EvenChance, 25, 500, 500}, {Split, 10, 500, 500},
	} {
		if got := l.For(tc.k); got.Min != tc.min || got.Max != tc.max || l.SpotMax(tc.k) != tc.spot {
			t.Errorf("%v: %+v, spot max %d", tc.k, got, l.SpotMax(tc.k))
		}
	}
	l.Spot = 80
	if l.SpotMax(Straight) != 80 {
		t.Errorf("spot max %d", l.SpotMax(Straight))
	}
}
