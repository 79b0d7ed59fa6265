// What the tournament pages share: names of the API's states, the entry's
// price, which of register / unregister / rebuy / add-on the terms allow
// the player now (the same rules the workflow applies, so a button is
// offered only when the server would take it), and the calls themselves.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { t, money, chips } from "../i18n";
import { api, idempotencyKey, retrying } from "../api";
import { currentSession } from "../session";
import { refreshBalance } from "../balance";
import type { Money } from "../gen/croupier/common/v1/common_pb";
import { TournamentState, PlayerStatus, type Tournament, type Structure, type Standing } from "../gen/croupier/tournament/v1/tournament_pb";

const stateKeys: Record<TournamentState, string> = {
  [TournamentState.UNSPECIFIED]: "tournament.state.unknown",
  [TournamentState.REGISTERING]: "tournament.state.registering",
  [TournamentState.SEATING]: "tournament.state.seating",
  [TournamentState.RUNNING]: "tournament.state.running",
  [TournamentState.PAUSED]: "tournament.state.paused",
  [TournamentState.BREAK]: "tournament.state.break",
  [TournamentState.FINAL_TABLE]: "tournament.state.finalTable",
  [TournamentState.COMPLETED]: "tournament.state.completed",
  [TournamentState.CANCELLED]: "tournament.state.cancelled",
  [TournamentState.PAYING]: "tournament.state.paying",
};

/** The states a player can filter the list by, in the order they come. */
export const listedStates = [TournamentState.REGISTERING, TournamentState.SEATING, TournamentState.RUNNING, TournamentState.BREAK,
  TournamentState.PAUSED, TournamentState.FINAL_TABLE, TournamentState.PAYING, TournamentState.COMPLETED, TournamentState.CANCELLED];

export function stateName(s: TournamentState): string {
  return t(stateKeys[s] ?? "tournament.state.unknown");
}

const playerKeys: Record<PlayerStatus, string> = {
  [PlayerStatus.UNSPECIFIED]: "tournament.state.unknown",
  [PlayerStatus.REGISTERED]: "tournament.player.registered",
  [PlayerStatus.PLAYING]: "tournament.player.playing",
  [PlayerStatus.BUSTED]: "tournament.player.busted",
  [PlayerStatus.OUT]: "tournament.player.out",
  [PlayerStatus.WITHDRAWN]: "tournament.player.withdrawn",
  [PlayerStatus.DISQUALIFIED]: "tournament.player.disqualified",
};

export function playerStatusName(s: PlayerStatus): string {
  return t(playerKeys[s] ?? "tournament.state.unknown");
}

const gameKeys: Record<string, string> = {
  holdem: "game.holdem", omaha: "game.omaha", five_card_stud: "game.fiveCardStud", seven_card_stud: "game.sevenCardStud",
};
const bettingKeys: Record<string, string> = { no_limit: "structure.no", pot_limit: "structure.pot", fixed_limit: "structure.fixed" };

/** gameLabel is "Hold'em · No limit" from the structure's game and betting. */
export function gameLabel(s: Structure | undefined): string {
  if (!s) return "";
  const game = gameKeys[s.game] ? t(gameKeys[s.game]) : s.game;
  const betting = bettingKeys[s.betting || "no_limit"];
  return betting ? game + " · " + t(betting) : game;
}

/** cash formats a Money of the API (absent: nothing). */
export function cash(m: Money | undefined): string {
  return m ? money(m.amount, m.currency) : "";
}

/** price is what one entry (or rebuy, or add-on) costs: stake plus fee. */
export function price(stake: Money | undefined, fee: Money | undefined): { total: bigint; currency: string; text: string } {
  const currency = stake?.currency || fee?.currency || "EUR";
  const total = (stake?.amount ?? 0n) + (fee?.amount ?? 0n);
  return { total, currency, text: money(total, currency) };
}

/** buyInText is "€10 + €1": the stake and the registration fee apart, as
 * the terms publish them (the fee is the casino's, GR H.6). */
export function buyInText(s: Structure | undefined): string {
  if (!s) return "";
  return (s.fee?.amount ?? 0n) > 0n ? t("tournament.buyInFee", { buyIn: cash(s.buyIn), fee: cash(s.fee) }) : cash(s.buyIn);
}

export function chipsText(n: bigint): string {
  return t("tournament.chipsOf", { chips: chips(n) });
}

export function dateOf(x: Tournament): Date | null {
  return x.startsAt ? timestampDate(x.startsAt) : null;
}

/** mine is the caller's own line: the server names only him (and his
 * partner's players) by id, so a match is him. */
export function mine(standings: Standing[]): Standing | undefined {
  const s = currentSession();
  if (!s) return undefined;
  return standings.find((x) => x.playerId === s.playerId && (!x.partnerId || x.partnerId === s.partnerId));
}

const inPlay = new Set([TournamentState.RUNNING, TournamentState.PAUSED, TournamentState.BREAK, TournamentState.FINAL_TABLE]);

/** running: play has started and not ended (a pause or a break included). */
export function running(x: Tournament): boolean {
  return inPlay.has(x.state);
}

/** canRegister: before the deadline (GR H.4), or late registration while
 * its levels last and outside hand-for-hand, with room left. */
export function canRegister(x: Tournament, me: Standing | undefined, now = Date.now()): boolean {
  const s = x.structure;
  if (!s || (me && me.status !== PlayerStatus.WITHDRAWN)) return false;
  if (x.entrants >= s.maxEntrants && s.maxEntrants > 0) return false;
  if (x.state === TournamentState.REGISTERING) {
    const closes = s.registrationClosesAt ? timestampDate(s.registrationClosesAt) : dateOf(x);
    return !closes || now < closes.getTime();
  }
  return running(x) && s.lateRegistration && x.level <= s.lateRegistrationLevels && !x.handForHand;
}

/** canUnregister: withdrawing ends when the tournament starts (GR H.6). */
export function canUnregister(x: Tournament, me: Standing | undefined): boolean {
  return x.state === TournamentState.REGISTERING && me?.status === PlayerStatus.REGISTERED;
}

/** canRebuy: inside the rebuy levels with half the starting stack or less
 * and rebuys left (GR H.16(a)(1)). */
export function canRebuy(x: Tournament, me: Standing | undefined): boolean {
  const s = x.structure;
  if (!s || !me || !running(x) || s.rebuyLevels <= 0) return false;
  if (me.status !== PlayerStatus.PLAYING && me.status !== PlayerStatus.BUSTED) return false;
  return x.level - 1 < s.rebuyLevels && 2n * me.chips <= s.startingStack && (s.maxRebuys === 0 || me.rebuys < s.maxRebuys);
}

/** canAddOn: once, at the end of the rebuy period — on the break after its
 * last level if there is one, else in the level after it (GR H.16(a)(2)). */
export function canAddOn(x: Tournament, me: Standing | undefined): boolean {
  const s = x.structure;
  if (!s || !me || me.addOn || me.status !== PlayerStatus.PLAYING || !running(x)) return false;
  if ((s.addOnPrice?.amount ?? 0n) <= 0n || s.rebuyLevels <= 0) return false;
  const level = x.level - 1, onBreak = x.state === TournamentState.BREAK, last = s.rebuyLevels - 1;
  if ((s.levels[last]?.breakSeconds ?? 0) > 0) return level === last && onBreak;
  return level === s.rebuyLevels && !onBreak;
}

/** withKey runs one money move under one idempotency key, retried with
 * that same key while the connection drops (the server answers a repeat
 * with the first answer, never charging twice). The key lives only for
 * this press: the next press is a new request (a register after an
 * unregister must not replay the first registration). */
function withKey<T>(call: (key: string) => Promise<T>): Promise<T> {
  const key = idempotencyKey();
  return retrying(() => call(key));
}

/** The player's four moves on a tournament; each refreshes the header's
 * balance, since each holds, posts or gives back money. */
export const moves = {
  async register(id: string) {
    const name = currentSession()?.displayName ?? "";
    try {
      return await withKey((key) => api.tournament.register({ tournamentId: id, idempotencyKey: key, displayName: name }));
    } finally {
      refreshBalance();
    }
  },
  async unregister(id: string) {
    try {
      return await withKey((key) => api.tournament.unregister({ tournamentId: id, idempotencyKey: key }));
    } finally {
      refreshBalance();
    }
  },
  async rebuy(id: string) {
    try {
      return await withKey((key) => api.tournament.rebuy({ tournamentId: id, idempotencyKey: key }));
    } finally {
      refreshBalance();
    }
  },
  async addOn(id: string) {
    try {
      return await withKey((key) => api.tournament.addOn({ tournamentId: id, idempotencyKey: key }));
    } finally {
      refreshBalance();
    }
  },
};

/** clock is a countdown as m:ss (h:mm:ss past an hour). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

