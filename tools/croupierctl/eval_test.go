package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func runCtl(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	err := run(context.Background(), args, env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errs, getenv: func(string) string { return "" }})
	return out.String(), errs.String(), err
}

func TestEvalOneHand(t *testing.T) {
	out, _, err := runCtl(t, "", "eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
	if err != nil || out != "straightflush 7462 Royal flush (As Ks Qs Js Ts)\n" {
		t.Errorf("out %q err %v", out, err)
	}
	// docs/rules/gr-variant-omaha.md §7 vector 3, with "|" between hole and board.
	out, _, err = runCtl(t, "", "eval", "--game", "omaha", "As", "Ah", "7c", "3d", "|", "Ks", "Kh", "Kd", "5c", "2s")
	if err != nil || !strings.HasPrefix(out, "fullhouse ") || !strings.Contains(out, "Kings full of Aces") {
		t.Errorf("omaha: out %q err %v", out, err)
	}
}

func TestEvalErrorsNameTheProblem(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"eval", "As", "As", "Kd", "2c", "3c"}, "DUPLICATE_CARD"},
		{[]string{"eval", "As", "Kx", "Kd", "2c", "3c"}, "BAD_CARD_NOTATION"},
		{[]string{"eval", "As", "Kd", "2c", "3c"}, "wrong number of cards"},
		{[]string{"eval", "--game", "omaha", "As", "Kd", "|", "2c", "3c", "4c"}, "want 4 for omaha"},
	}
	for _, tt := range tests {
		if _, _, err := runCtl(t, "", tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err %v, want %q", tt.args, err, tt.want)
		}
	}
	if _, _, err := runCtl(t, "", "eval", "--game", "razz", "As"); !errors.Is(err, errUsage) {
		t.Errorf("unknown game: %v", err)
	}
}

func TestEvalBatch(t *testing.T) {
	out, errs, err := runCtl(t, "As Ks Qs Js Ts 2c 3d\n7c 5d 4h 3s 2c\nAs As 2c 3c 4c\n", "eval", "--batch")
	if out != "straightflush 7462\nhigh 1\ninvalid DUPLICATE_CARD\n" || !errors.Is(err, errFailed) || !strings.Contains(errs, "line 3") {
		t.Errorf("out %q errs %q err %v", out, errs, err)
	}
	out, _, err = runCtl(t, "Qs Qh 9d 8c | As Ks 7s 4s 2h\n", "eval", "--batch", "--game", "omaha")
	if err != nil || !strings.HasPrefix(out, "pair ") {
		t.Errorf("omaha batch: out %q err %v", out, err)
	}
}
