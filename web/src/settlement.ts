// A player's settlement of a round, put together from his stream's events.
// It has no imports but types, so the unit tests (test/settlement.test.mjs)
// run it as it is.
import type { RoundEvent, SettlementLine, SettlementPaid } from "./gen/croupier/table/v1/banked_pb";

/** A round's settlement for the player: the lines of his bets and what
 * the wallet paid (SettlementPaid: stakes returned and winnings). */
export interface Settlement {
  round: bigint;
  lines: SettlementLine[];
  /** Stakes the wallet settled: returned and lost. */
  staked: bigint;
  /** Stakes returned and winnings the wallet paid. */
  paid: bigint;
}

/** Round is a settlement as it is being put together. */
interface Round extends Settlement {
  /** Bets whose stake never reached the escrow: their lines move no money. */
  failed: Set<string>;
  /** The totals last returned, so an event that changes nothing is not
   * announced twice. */
  told?: { staked: bigint; paid: bigint };
}

/** Ledger collects the player's settlements from his stream's events.
 *
 * A round's lines can reach the wallet in more than one payment: a stake
 * still on its way to the escrow when the round settles is paid once it
 * arrives (Casino Hold'em's call after its ante and bonus), and a line
 * final before the end (a fold, a bought card) is paid before the rest.
 * take answers only when what was paid covers every line settled so far,
 * so the page never announces a part as the round's result. */
export class Ledger {
  private rounds = new Map<bigint, Round>();

  private of(round: bigint): Round {
    let s = this.rounds.get(round);
    if (!s) {
      s = { round, lines: [], staked: 0n, paid: 0n, failed: new Set() };
      this.rounds.set(round, s);
      // Only the last rounds matter to the page.
      for (const k of this.rounds.keys()) if (k < round - 5n) this.rounds.delete(k);
    }
    return s;
  }

  /** take reads an event; it returns the round's settlement once the
   * wallet has paid all of it (the moment the balance shows it), again if
   * lines settled later are paid too, and null otherwise. */
  take(e: RoundEvent): Settlement | null {
    switch (e.event.case) {
      case "roundSettled":
      case "betsRefunded":
        return this.complete(this.of(e.round), e.event.value.lines, []);
      case "stakeFailed":
        return this.complete(this.of(e.round), [], e.event.value.betIds);
      case "settlementPaid": {
        const s = this.of(e.round);
        s.staked += e.event.value.returned + e.event.value.lost;
        s.paid += e.event.value.paid;
        return this.complete(s, [], []);
      }
    }
    return null;
  }

  /** complete adds lines and failed bets to s and returns it if the wallet
   * has paid for every line it knows (the stakes they return or lose, but
   * for bets whose stake failed) and that is news. A payment whose lines
   * the stream did not show (the page came in after the settlement) is all
   * the page can know: it stands. */
  private complete(s: Round, lines: readonly SettlementLine[], failed: readonly string[]): Settlement | null {
    s.lines.push(...lines);
    for (const id of failed) s.failed.add(id);
    if (s.staked === 0n && s.paid === 0n) return null;
    let due = 0n;
    for (const l of s.lines) if (!s.failed.has(l.betId)) due += l.returned + l.lost;
    if (s.staked < due || (s.told && s.told.staked === s.staked && s.told.paid === s.paid)) return null;
    s.told = { staked: s.staked, paid: s.paid };
    return { round: s.round, lines: [...s.lines], staked: s.staked, paid: s.paid };
  }
}

/** addPaid sums two payments of one round (a undefined: none yet). */
export function addPaid(a: SettlementPaid | undefined, b: SettlementPaid): SettlementPaid {
  if (!a) return b;
  return { ...b, paid: a.paid + b.paid, returned: a.returned + b.returned, lost: a.lost + b.lost, won: a.won + b.won };
}
