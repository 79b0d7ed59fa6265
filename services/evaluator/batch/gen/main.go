// Command gen writes random hands, one per line, in the format
// `croupierctl eval --batch` reads: for timing the batch mode
// (make evaluator-batch-time).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/croupier/croupier/shared/card"
)

func main() {
	n := flag.Int("n", 1_000_000, "lines to write")
	game := flag.String("game", "high", "high (7 cards), omaha (4 | 5) or twoplusthree (2 | 5)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	hole := map[string]int{"high": 0, "omaha": 4, "twoplusthree": 2}
	h, ok := hole[*game]
	if !ok {
		fmt.Fprintln(os.Stderr, "gen: unknown game", *game)
		os.Exit(2)
	}
	k := 7
	if h > 0 {
		k = h + 5
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	deck := card.Deck(1)
	line := make([]byte, 0, 40)
	for i := 0; i < *n; i++ {
		line = line[:0]
		for j := 0; j < k; j++ {
			x := j + rng.IntN(len(deck)-j)
			deck[j], deck[x] = deck[x], deck[j]
			if j > 0 {
				line = append(line, ' ')
			}
			if h > 0 && j == h {
				line = append(line, '|', ' ')
			}
			line = append(line, deck[j].Rank().Char(), deck[j].Suit().Char())
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
