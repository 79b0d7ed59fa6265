package bjbot

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// poker reports a casino poker table.
func (b *Bot) poker() bool {
	g := b.cfg.Game
	return g != tablev1.BankedGame_BANKED_GAME_UNSPECIFIED && g != tablev1.BankedGame_BANKED_GAME_BLACKJACK
}

// spot is where the bot bets: its box at blackjack, its box's Ante at a
// casino poker table.
func (b *Bot) spot() string {
	if b.poker() {
		return fmt.Sprintf("box:%d/ante", b.cfg.Box)
	}
	return fmt.Sprintf("box:%d", b.cfg.Box)
}

// mayDecide reports a casino poker event after which the bot may have a
// decision: the turn coming to its box.
func (b *Bot) mayDecide(e *tablev1.CasinoPokerEvent) bool {
	return e.GetKind() == "turn" && e.GetBox() == b.cfg.Box
}

// decide makes the bot's decision at a casino poker table if its view
// lists one, and reports whether it made one.
func (b *Bot) decide(ctx context.Context, v *tablev1.BankedTableView) bool {
	m := simple(v.GetCasinoPoker(), b.cfg.Box)
	if m == nil {
		return false
	}
	b.Moves++
	req := &tablev1.PlayCasinoPokerRequest{TableId: b.cfg.Table, Round: v.GetRound(), Box: m.GetBox(), Action: m.GetAction(), Amount: m.GetMin(),
		Seq: m.GetSeq(), IdempotencyKey: fmt.Sprintf("r%d-m%d", v.GetRound(), b.Moves)}
	if _, err := b.replica().Poker.PlayCasinoPoker(ctx, connect.NewRequest(req)); err != nil {
		b.Refused++
		b.failover(err)
		return false
	}
	return true
}

// Aggressive actions first: the strongest that puts money in, then a
// check, then giving up.
var (
	playActions = []string{"play", "call", "bet"}
	waitActions = []string{"check", "stop"}
	quitActions = []string{"fold", "pass"}
)

// simple is the simple player's decision for box among the legal ones:
// with a pair or better in what he holds and sees of the board (or an
// ace or a king in the hole before the board is complete) he plays the
// largest amount offered; otherwise he checks where he may, and folds or
// passes where he may not. Nil when no decision is his.
func simple(r *tablev1.CasinoPokerRound, box int32) *tablev1.CasinoPokerMove {
	var decide []*tablev1.CasinoPokerMove
	for _, m := range r.GetLegal() {
		if m.GetKind() == "decide" && m.GetBox() == box {
			decide = append(decide, m)
		}
	}
	if len(decide) == 0 {
		return nil
	}
	pick := func(actions []string) *tablev1.CasinoPokerMove {
		var best *tablev1.CasinoPokerMove
		for _, a := range actions {
			for _, m := range decide {
				if m.GetAction() == a && (best == nil || m.GetMin() > best.GetMin()) {
					best = m
				}
			}
			if best != nil {
				return best
			}
		}
		return nil
	}
	if strong(r, box) {
		if m := pick(playActions); m != nil {
			return m
		}
	}
	if m := pick(waitActions); m != nil {
		return m
	}
	if m := pick(quitActions); m != nil {
		return m
	}
	return decide[0]
}

// strong reports a box holding a pair or better with the board it sees,
// or a high card in the hole while the board is still to come.
func strong(r *tablev1.CasinoPokerRound, box int32) bool {
	var hole []card.Card
	for _, bx := range r.GetBoxes() {
		if bx.GetBox() == box {
			hole = parse(bx.GetCards())
		}
	}
	cs := append(parse(r.GetBoard()), hole...)
	if len(cs) >= 5 && rank.Describe(cs...).Category() >= rank.Pair {
		return true
	}
	pairs := map[card.Rank]int{}
	for _, c := range cs {
		pairs[c.Rank()]++
		if pairs[c.Rank()] >= 2 {
			return true
		}
	}
	if len(r.GetBoard()) < 5 {
		for _, c := range hole {
			if c.Rank() >= card.King {
				return true
			}
		}
	}
	return false
}

func parse(ss []string) []card.Card {
	var out []card.Card
	for _, s := range ss {
		if c, err := card.Parse(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}
