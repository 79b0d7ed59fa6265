package table_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/stack"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/card/cardscan"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/proof"
)

// watched is what one viewer's stream showed of one hand.
type watched struct {
	started    bool
	commitment []byte
	outcome    string
	cards      map[string]bool
	ended      bool
}

type watcher struct {
	mu    sync.Mutex
	hands map[string]*watched
}

func watch(t *testing.T, u *unit, c stack.Clients, id string) *watcher {
	t.Helper()
	w := &watcher{hands: map[string]*watched{}}
	stream, err := c.Table.Subscribe(u.ctx, connect.NewRequest(&tablev1.SubscribeRequest{TableId: id}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stream.Close() })
	go func() {
		for stream.Receive() {
			for _, ev := range stream.Msg().GetEvents() {
				hid := ev.GetHandId()
				if hid == "" {
					continue
				}
				w.mu.Lock()
				h := w.hands[hid]
				if h == nil {
					h = &watched{cards: map[string]bool{}}
					w.hands[hid] = h
				}
				if hs := ev.GetHandStarted(); hs != nil {
					h.started, h.commitment, h.outcome = true, hs.GetShoeCommitment(), hs.GetRngOutcomeId()
				}
				for _, c := range cardscan.Cards(ev) {
					h.cards[c] = true
				}
				if ev.GetHandEnded() != nil {
					h.ended = true
				}
				w.mu.Unlock()
			}
		}
	}()
	return w
}

func (w *watcher) hand(t *testing.T, hid string) *watched {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		w.mu.Lock()
		h := w.hands[hid]
		done := h != nil && h.ended
		w.mu.Unlock()
		if done {
			return h
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("hand %s did not end in the stream", hid)
	return nil
}

// Issue 11 ("the fairness proof reveals hidden cards"): after each hand,
// every viewer — the seated players (one of whom always folds), an
// observer, a player of another partner — gets a proof that verifies
// against the commitment his own HandStarted carried and opens exactly the
// cards his stream showed: no folded or mucked card, burn or stub card.
// Operators get the whole shoe. No viewer's HandStarted names the RNG
// outcome (issue 11, "the live deck can be read mid-hand").
func TestEveryViewersProofOpensExactlyWhatHeSaw(t *testing.T) {
	u := newUnit(t, table.Options{})
	op := stack.NewClients(u.st.URL, stack.Bearer(u.st.OperatorToken()))
	res, err := op.Admin.CreateTable(u.ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "NL", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 2000, MaxBuyIn: 20000},
		MaxSeats: 6, Profile: "gr", Clock: &tablev1.Clock{ActionSeconds: 30, HandPauseMs: 0}}))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Msg.GetTable().GetTableId()
	if _, err := op.Admin.PauseTable(u.ctx, connect.NewRequest(&tablev1.PauseTableRequest{TableId: id})); err != nil {
		t.Fatal(err)
	}
	players := []string{"alice", "bob", "carol"}
	clients := map[string]stack.Clients{}
	for i, p := range players {
		u.fund(p)
		clients[p] = stack.NewClients(u.st.URL, stack.Bearer(u.st.PlayerToken(p)))
		if _, err := clients[p].Table.TakeSeat(u.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: int32(2 * i),
			BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "seat-" + p})); err != nil {
			t.Fatal(err)
		}
	}
	foreignTok, err := u.st.Auth.Issue(auth.Principal{Role: auth.RolePlayer, PlayerID: "mallory", PartnerID: "partner-2"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	viewers := map[string]stack.Clients{
		"alice": clients["alice"], "bob": clients["bob"], "carol": clients["carol"],
		"observer":        stack.NewClients(u.st.URL, stack.Bearer(u.st.PlayerToken("olga"))),
		"other partner":   stack.NewClients(u.st.URL, stack.Bearer(foreignTok)),
		"partner backend": stack.NewClients(u.st.URL, stack.APIKey(u.st.APIKey)),
	}
	watchers := map[string]*watcher{}
	for name, c := range viewers {
		watchers[name] = watch(t, u, c, id)
	}
	time.Sleep(100 * time.Millisecond) // the streams are registered
	if _, err := op.Admin.ResumeTable(u.ctx, connect.NewRequest(&tablev1.ResumeTableRequest{TableId: id})); err != nil {
		t.Fatal(err)
	}
	const hands = 4
	var handIDs []string
	for n := uint64(1); n <= hands; n++ {
		var hid string
		deadline := time.Now().Add(10 * time.Second)
		for hid == "" && time.Now().Before(deadline) {
			g, err := op.Table.GetTable(u.ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: id}))
			if err != nil {
				t.Fatal(err)
			}
			if h := g.Msg.GetTable().GetHand(); h.GetHandNumber() == n && h.GetPhase() == "betting" {
				hid = h.GetHandId()
			} else {
				time.Sleep(10 * time.Millisecond)
			}
		}
		if hid == "" {
			t.Fatalf("hand %d was not dealt", n)
		}
		if n == hands {
			_, _ = op.Admin.PauseTable(u.ctx, connect.NewRequest(&tablev1.PauseTableRequest{TableId: id}))
		}
		handIDs = append(handIDs, hid)
		for {
			g, err := op.Table.GetTable(u.ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: id}))
			if err != nil {
				t.Fatal(err)
			}
			v := g.Msg.GetTable()
			h := v.GetHand()
			if h.GetHandId() != hid || h.GetPhase() != "betting" {
				break
			}
			who := players[h.GetToActSeat()/2]
			mine, err := clients[who].Table.GetTable(u.ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: id}))
			if err != nil {
				t.Fatal(err)
			}
			mh := mine.Msg.GetTable().GetHand()
			l := checkOrCall(mh.GetLegalActions())
			if who == "alice" {
				// Alice folds whenever she may: her cards must stay hers.
				for _, a := range mh.GetLegalActions() {
					if a.GetKind() == tablev1.ActionKind_ACTION_KIND_FOLD {
						l = a
					}
				}
			}
			_, err = clients[who].Table.Act(u.ctx, connect.NewRequest(&tablev1.ActRequest{TableId: id, HandId: hid,
				ActionSeq: mh.GetActionSeq(), Kind: l.GetKind(), Amount: l.GetMinAmount()}))
			if err != nil && apierr.Code(err) != connect.CodeFailedPrecondition {
				t.Fatal(err)
			}
		}
	}
	hidden := 0
	for _, hid := range handIDs {
		full, err := op.Table.GetFairnessProof(u.ctx, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: id, HandId: hid}))
		if err != nil {
			t.Fatal(err)
		}
		shoe := full.Msg.GetShoe()
		if len(shoe) != 52 || len(full.Msg.GetProof().GetOpenings()) != 52 {
			t.Fatalf("operator's proof of %s: %d cards, %d openings", hid, len(shoe), len(full.Msg.GetProof().GetOpenings()))
		}
		if err := proof.VerifyShoe(full.Msg.GetProof(), full.Msg.GetCommitment(), 1); err != nil {
			t.Fatalf("operator's proof of %s: %v", hid, err)
		}
		for name, c := range viewers {
			w := watchers[name].hand(t, hid)
			if !w.started {
				t.Fatalf("%s did not see %s start", name, hid)
			}
			if w.outcome != "" {
				t.Fatalf("%s's HandStarted names the RNG outcome %s", name, w.outcome)
			}
			pr, err := c.Table.GetFairnessProof(u.ctx, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: id, HandId: hid}))
			if err != nil {
				t.Fatalf("%s's proof of %s: %v", name, hid, err)
			}
			m := pr.Msg
			if !m.GetRevealed() || len(m.GetShoe()) != 0 || len(m.GetSalt()) != 0 {
				t.Fatalf("%s's proof of %s: revealed %v, %d shoe cards, %d salt bytes", name, hid, m.GetRevealed(), len(m.GetShoe()), len(m.GetSalt()))
			}
			if err := proof.VerifyShoe(m.GetProof(), w.commitment, 1); err != nil {
				t.Fatalf("%s's proof of %s does not verify against his HandStarted: %v", name, hid, err)
			}
			var opened []string
			for _, o := range m.GetProof().GetOpenings() {
				opened = append(opened, o.GetCard())
				if shoe[o.GetPosition()] != o.GetCard() {
					t.Fatalf("%s's proof of %s opens position %d as %s, the shoe has %s", name, hid, o.GetPosition(), o.GetCard(), shoe[o.GetPosition()])
				}
			}
			var saw []string
			for c := range w.cards {
				saw = append(saw, c)
			}
			slices.Sort(opened)
			slices.Sort(saw)
			if !slices.Equal(opened, saw) {
				t.Fatalf("%s, hand %s: the proof opens %v, the stream showed %v", name, hid, opened, saw)
			}
			if cardsInProof := cardscan.Cards(m); len(cardsInProof) != len(opened) {
				t.Fatalf("%s's proof of %s carries %d cards, %d openings", name, hid, len(cardsInProof), len(opened))
			}
			hidden += 52 - len(opened)
		}
	}
	if hidden == 0 {
		t.Fatal("no proof kept any card hidden")
	}
	showdowns := 0
	for _, hid := range handIDs {
		if len(watchers["observer"].hand(t, hid).cards) > 5 {
			showdowns++ // the observer saw more than the board: a shown hand
		}
	}
	if showdowns == 0 {
		t.Fatal("no hand reached a showdown: shown cards went unchecked")
	}
	// An auditor (regulator) gets the whole shoe too; the policy lets him
	// call GetFairnessProof and nothing else of the table service.
	h := api.New(u.st.Core, u.st.Auth).Table
	aud := auth.WithPrincipal(u.ctx, auth.Principal{Role: auth.RoleAuditor, Subject: "regulator"})
	ar, err := h.GetFairnessProof(aud, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: id, HandId: handIDs[0]}))
	if err != nil || len(ar.Msg.GetShoe()) != 52 || len(ar.Msg.GetSalt()) != 32 {
		t.Fatalf("auditor's proof: %v", err)
	}
	for proc, roles := range api.Policy() {
		if slices.Contains(roles, auth.RoleAuditor) != (proc == tablev1connect.TableServiceGetFairnessProofProcedure) {
			t.Errorf("%s: auditor allowed %v", proc, slices.Contains(roles, auth.RoleAuditor))
		}
	}
	t.Logf("%d hands, %d viewers: every proof verifies and opens only what its viewer saw (%d shoe cards kept hidden)", len(handIDs), len(viewers), hidden)
}

// Issue 11: the table closes every hand's RNG outcome when the hand ends,
// a misdealt one included; until then the RNG refuses to reveal it, to
// an operator too.
func TestTableClosesEveryHandsOutcomeMisdealIncluded(t *testing.T) {
	u := newUnit(t, table.Options{})
	op := stack.NewClients(u.st.URL, stack.Bearer(u.st.OperatorToken()))
	rngc := rngv1connect.NewRngServiceClient(client.NewHTTPClient(), u.st.URL, stack.Bearer(u.st.OperatorToken()))
	id := u.cashTable(u.st.Core, time.Minute)
	for _, p := range []string{"ann", "ben"} {
		who := u.fund(p)
		if _, err := u.st.Core.TakeSeat(u.ctx, id, who, map[string]int{"ann": 0, "ben": 3}[p], 10_000, "EUR", "k-"+p, p, false); err != nil {
			t.Fatal(err)
		}
	}
	hid, _, _ := u.hand(u.st.Core, id)
	g, err := op.Table.GetTable(u.ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: id}))
	if err != nil {
		t.Fatal(err)
	}
	var outcome string
	_ = u.st.Core.Table(u.ctx, id, func(tb *live.Table) { outcome = tb.Hand.Outcome })
	if outcome == "" || len(g.Msg.GetTable().GetHand().GetShoeCommitment()) != 32 {
		t.Fatalf("hand %s: outcome %q", hid, outcome)
	}
	_, err = rngc.Reveal(u.ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: outcome}))
	if apierr.Reason(err) != "OUTCOME_OPEN" {
		t.Fatalf("reveal of the live hand's shoe: %v", err)
	}
	// A viewer's proof of the live hand: the commitment, nothing else.
	pr, err := u.st.Core.FairnessProof(u.ctx, id, hid, live.Viewer{}, true)
	if err != nil || pr.Revealed || pr.Outcome != "" || pr.Shoe != nil || pr.Cards != nil {
		t.Fatalf("live proof: %+v %v", pr, err)
	}
	if _, err := op.Admin.Misdeal(u.ctx, connect.NewRequest(&tablev1.MisdealRequest{TableId: id, HandId: hid, Reason: "exposed card"})); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err = rngc.Reveal(u.ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: outcome}))
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the misdealt hand's outcome was not closed: %v", err)
	}
}

func checkOrCall(ls []*tablev1.LegalAction) *tablev1.LegalAction {
	for _, l := range ls {
		if l.GetKind() == tablev1.ActionKind_ACTION_KIND_CHECK || l.GetKind() == tablev1.ActionKind_ACTION_KIND_CALL {
			return l
		}
	}
	return ls[0]
}
