package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/croupier/croupier/services/evaluator/batch"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

func evalCommand() command {
	return command{name: "eval", summary: "rank poker hands (one from the arguments, or --batch from stdin)", run: runEval}
}

const evalUsage = `usage:
  croupierctl eval [--game high|omaha|twoplusthree] CARDS...   rank one hand and name it
  croupierctl eval --batch [--game high|omaha|twoplusthree]    rank one hand per stdin line
cards are written As Td 2c (10h works too); omaha and twoplusthree hands put
"|" between the hole cards and the board: As Ks Qd Jd | 2c 3c 4c 5h 6h
--batch writes "<category> <rank>" per line: category is one of high pair
twopair trips straight flush fullhouse quads straightflush, rank is 1..7462
(higher is better, equal for equal hands); a bad line gives "invalid <REASON>"
and the command exits 1 after the last line.
`

var evalGames = map[string]rank.Game{
	"high": rank.GameHigh, "holdem": rank.GameHigh, "stud": rank.GameHigh,
	"omaha": rank.GameOmaha, "twoplusthree": rank.GameTwoPlusThree,
}

// runEval ranks hands in process with the evaluator's own package: no
// server needed.
func runEval(_ context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, evalUsage) }
	game := fs.String("game", "high", "high (hold'em, stud: best five of 5..7), omaha, or twoplusthree")
	batchMode := fs.Bool("batch", false, "read one hand per line from stdin")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return errUsage
	}
	g, ok := evalGames[*game]
	if !ok {
		fmt.Fprintf(e.stderr, "croupierctl eval: unknown game %q\n%s", *game, evalUsage)
		return errUsage
	}
	if *batchMode {
		if fs.NArg() > 0 {
			fmt.Fprintf(e.stderr, "croupierctl eval: --batch reads stdin, not arguments\n%s", evalUsage)
			return errUsage
		}
		st, err := batch.Run(e.stdin, e.stdout, e.stderr, g)
		if err != nil {
			return err
		}
		if st.Invalid > 0 {
			fmt.Fprintf(e.stderr, "croupierctl eval: %d of %d lines were not valid hands\n", st.Invalid, st.Invalid+st.Hands)
			return errFailed
		}
		return nil
	}
	if fs.NArg() == 0 {
		fmt.Fprint(e.stderr, evalUsage)
		return errUsage
	}
	var h batch.Hand
	code := h.Parse([]byte(strings.Join(fs.Args(), " ")))
	var hole, board []card.Card
	if code == batch.OK {
		hole, board = h.Hole[:h.NHole], h.Board[:h.NBoard]
		if g == rank.GameHigh && !h.Bar {
			hole, board = nil, hole
		}
		if err := g.Check(hole, board); err != nil {
			return fmt.Errorf("%w (%s hands: %s)", err, g, gameShape[g])
		}
	} else if code != batch.Empty {
		return fmt.Errorf("%s: %s", code.Reason(), code)
	} else {
		fmt.Fprint(e.stderr, evalUsage)
		return errUsage
	}
	d := g.Describe(hole, board)
	fmt.Fprintf(e.stdout, "%s %d %s (%s)\n", d.Category(), d.Value, d.Name(), card.Join(d.Cards[:]))
	return nil
}

var gameShape = map[rank.Game]string{
	rank.GameHigh:         "5 to 7 cards",
	rank.GameOmaha:        "4 hole cards | 3 to 5 board cards",
	rank.GameTwoPlusThree: "2 hole cards | 3 to 5 board cards",
}
