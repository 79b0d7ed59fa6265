// Command evalcount measures the hand evaluator in instructions per hand,
// a figure that stays put when the machine is busy (issue 19: wall-clock
// time here drifts by a third over a day). It deals 65,536 random hands
// (seeded), then evaluates them in a scattered order in loop7 or
// loopOmaha, with the cards combined inside the loop as the benchmarks do.
// Two runs under callgrind that differ only in the number of hands differ
// only in the loop's instructions:
//
//	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind evalcount -game 7 -n 1000000
//
// (callgrind cannot follow Go's preemption signals; and counting only
// inside the loop with --toggle-collect is thrown off when the runtime
// switches stacks mid-loop). `make evaluator-instructions` runs every game
// at 1,000,000 and 3,000,000 hands and prints the difference per hand, for
// the default build (which takes default.pgo, the evaluator service's
// profile, as the service's own build does) and one built with -pgo=off.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/ranktest"
)

// hands is how many pre-dealt hands the loop visits; stride is odd, so
// i*stride mod 2^16 visits each in a scattered order (as the benchmarks in
// shared/rank do).
const (
	hands  = 1 << 16
	stride = 40503
)

func main() {
	game := flag.String("game", "7", `"7" (best five of seven), "omaha" (4 + 5, exactly 2 + 3), "omaha-flush" (the same, dealt mostly from two suits) or "2+3" (two-plus-three, 2 + 5)`)
	n := flag.Int("n", 2_000_000, "hands to evaluate")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the run here (for a PGO build: see the Makefile)")
	flag.Parse()
	if *game != "7" && *game != "omaha" && *game != "omaha-flush" && *game != "2+3" {
		fmt.Fprintf(os.Stderr, "evalcount: unknown game %q\n", *game)
		os.Exit(2)
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "evalcount:", err)
			os.Exit(1)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "evalcount:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	rng := rand.New(rand.NewPCG(19, 19))
	var acc rank.Value
	// Each loop runs once on one hand first, so the goroutine's stack has
	// grown before the measured call.
	switch *game {
	case "7":
		hs := deal[[7]card.Card](rng)
		loop7(hs, 1)
		acc = loop7(hs, *n)
	case "2+3":
		hs := deal[[7]card.Card](rng)
		loopTwoPlusThree(hs, 1)
		acc = loopTwoPlusThree(hs, *n)
	case "omaha-flush":
		hs := dealFlushHeavy(rng)
		loopOmaha(hs, 1)
		acc = loopOmaha(hs, *n)
	default:
		hs := deal[[9]card.Card](rng)
		loopOmaha(hs, 1)
		acc = loopOmaha(hs, *n)
	}
	// Printing the sum keeps the evaluations from being optimised away.
	fmt.Printf("game=%s hands=%d checksum=%d\n", *game, *n, acc)
}

// deal deals the hands: each a partial Fisher–Yates of one deck.
func deal[H [7]card.Card | [9]card.Card](rng *rand.Rand) []H {
	out := make([]H, hands)
	deck := card.Deck(1)
	for i := range out {
		for j := range len(out[i]) {
			x := j + rng.IntN(len(deck)-j)
			deck[j], deck[x] = deck[x], deck[j]
			out[i][j] = deck[j]
		}
	}
	return out
}

// dealFlushHeavy deals the hands of -game omaha-flush: about two in three
// reach the suited check, against one in fourteen random deals.
func dealFlushHeavy(rng *rand.Rand) [][9]card.Card {
	out := make([][9]card.Card, hands)
	for i := range out {
		out[i] = ranktest.FlushHeavyOmaha(rng)
	}
	return out
}

//go:noinline
func loop7(s [][7]card.Card, n int) rank.Value {
	// As an array, hs is indexed with no bounds check (in every loop
	// here): the loop's own instructions are the stride's and the sum's.
	hs := (*[hands][7]card.Card)(s)
	var acc rank.Value
	for i := range n {
		h := &hs[(i*stride)&(hands-1)]
		acc += rank.Best7(h)
	}
	return acc
}

//go:noinline
func loopOmaha(s [][9]card.Card, n int) rank.Value {
	hs := (*[hands][9]card.Card)(s)
	var acc rank.Value
	for i := range n {
		h := &hs[(i*stride)&(hands-1)]
		acc += rank.Omaha(h[:4], h[4:])
	}
	return acc
}

//go:noinline
func loopTwoPlusThree(s [][7]card.Card, n int) rank.Value {
	hs := (*[hands][7]card.Card)(s)
	var acc rank.Value
	for i := range n {
		h := &hs[(i*stride)&(hands-1)]
		acc += rank.TwoPlusThree(h[:2], h[2:])
	}
	return acc
}
