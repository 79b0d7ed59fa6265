package tournament

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

func (r *run) validateRebuy(ctx workflow.Context, in PlayerIn, addOn bool) error {
	return r.checkRebuy(in, addOn, r.queued(in))
}

func (r *run) checkRebuy(in PlayerIn, addOn, queued bool) error {
	s := r.s
	if s.Cancelled || s.Phase == Paying || s.Phase == Completed {
		if _, p := s.player(in.Partner, in.Player); !queued && (p == nil || !p.In()) {
			return reject(apierr.NotFound("NOT_PLAYING", "%s is not in the tournament", in.Player))
		}
		return refuse("TOURNAMENT_OVER", "the tournament is %s", s.Phase)
	}
	if queued {
		return nil
	}
	_, p := s.player(in.Partner, in.Player)
	if p == nil || !p.In() {
		return reject(apierr.NotFound("NOT_PLAYING", "%s is not in the tournament", in.Player))
	}
	if p.Moving {
		return reject(apierr.Aborted("PLAYER_MOVING", "%s is being moved to another table; try again", in.Player))
	}
	if addOn {
		if !s.Terms.AddOnEligible(s.Level, s.Break, p.AddOn) {
			// H.16(a)(2): at the end of the rebuy period, once.
			return refuse("ADD_ON_CLOSED", "no add-on now (GR H.16(a)(2))")
		}
		if p.Status == Busted {
			return refuse("ADD_ON_CLOSED", "a busted player rebuys first")
		}
		return nil
	}
	if !s.Terms.RebuyEligible(s.Level, p.Chips, p.Rebuys) {
		// H.16(a)(1): inside the period, with half the starting stack or less.
		return refuse("REBUY_NOT_ALLOWED", "no rebuy: level %d, stack %d of %d, %d rebuys (GR H.16(a)(1))", s.Level+1, p.Chips, s.Terms.Stack, p.Rebuys)
	}
	return nil
}

// rebuy charges a rebuy or the add-on and adds its chips. An announced
// rebuy is binding (H.16(b); T7): once its money is held it is posted and
// there is no way to take it back. Stake and fee are held together and
// posted together, so a player short of the fee pays no stake; two rebuys
// sent at once are decided one after the other, the second on the stack
// the first left.
func (r *run) rebuy(ctx workflow.Context, in PlayerIn, addOn bool) (ChipsOut, error) {
	s := r.s
	if err := r.validateRebuy(ctx, in, addOn); err != nil {
		return ChipsOut{}, err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in)
	if err != nil {
		return ChipsOut{}, err
	}
	defer unlock()
	if err := r.checkRebuy(in, addOn, false); err != nil {
		return ChipsOut{}, err
	}
	i, p := s.player(in.Partner, in.Player)
	charge, what, n := s.Terms.Rebuy(), "rebuy", p.Rebuys+1
	if addOn {
		charge, what, n = s.Terms.AddOn(), "add-on", 1
	}
	if workflow.GetVersion(ctx, "rebuy-held", workflow.DefaultVersion, 1) == workflow.DefaultVersion {
		// A history from before rebuys were held replays as it ran: two
		// transfers.
		if err := r.rebuyMoved(ctx, i, p, what, n, addOn, charge); err != nil {
			return ChipsOut{}, err
		}
	} else {
		s.Charges++
		var out HoldOut
		err = workflow.ExecuteActivity(ctx, (*Activities).HoldEntry, HoldIn{Key: s.key("charge", s.Charges), Tournament: s.ID,
			Partner: p.Partner, Player: p.ID, Currency: s.Terms.Currency, Pool: s.PoolAccount, Revenue: s.RevenueAccount,
			Charge: charge, TTL: time.Hour, Note: what}).Get(ctx, &out)
		if err != nil {
			return ChipsOut{}, r.refused(ctx, err, what, charge)
		}
		if addOn {
			p.AddOn = true
		} else {
			p.Rebuys++
		}
		if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: holdsOf(out)}).Get(ctx, nil); err != nil {
			return ChipsOut{}, err
		}
	}
	s.Money.Add(charge)
	p.Paid.Pool += charge.Stake
	p.Paid.Commission += charge.Fee
	if p.Status == Busted {
		// Back in with the new bank in the seat kept for him.
		ti, seat := p.Table, p.Seat
		p.Status, p.Chips, p.RebuyBy = Playing, charge.Chips, time.Time{}
		err := workflow.ExecuteActivity(ctx, (*Activities).SeatPlayers, []SeatIn{{Table: s.Tables[ti].ID, Spec: SeatSpec{
			Key: s.key("reseat", i, n), Seat: seat, Player: p.ID, Partner: p.Partner, Name: p.Name, Chips: charge.Chips, Moved: true,
			Bank: p.bank(), Shot: p.Shot, Ext: p.ext()}}}).Get(ctx, nil)
		return ChipsOut{Chips: charge.Chips}, err
	}
	p.Chips += charge.Chips
	err = workflow.ExecuteActivity(ctx, (*Activities).AddChips, AddChipsIn{Key: s.key(what, i, n, "chips"), Table: s.Tables[p.Table].ID,
		Partner: p.Partner, Player: p.ID, Chips: charge.Chips}).Get(ctx, nil)
	return ChipsOut{Chips: charge.Chips}, err
}

// rebuyMoved charges a rebuy as workflows started before rebuys were held
// did (kept for their replay only): a stake and a fee transfer.
func (r *run) rebuyMoved(ctx workflow.Context, i int, p *Player, what string, n int, addOn bool, charge terms.EntryCharge) error {
	s := r.s
	if addOn {
		p.AddOn = true
	} else {
		p.Rebuys++
	}
	items := []MoneyItem{
		{Key: s.key(what, i, n, "stake"), Transfer: Transfer{From: p.Account, To: s.PoolAccount, Amount: charge.Stake, Currency: s.Terms.Currency, Kind: KindEntry, Tournament: s.ID, Note: what}},
		{Key: s.key(what, i, n, "fee"), Transfer: Transfer{From: p.Account, To: s.RevenueAccount, Amount: charge.Fee, Currency: s.Terms.Currency, Kind: KindFee, Tournament: s.ID, Note: what}},
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		if addOn {
			p.AddOn = false
		} else {
			p.Rebuys--
		}
		return r.refused(ctx, err, what, charge)
	}
	return nil
}
