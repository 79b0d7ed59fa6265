// Display names of the API's enums in the current language.
import { t, decimal } from "./i18n";
import { Game, BettingStructure } from "./gen/croupier/table/v1/table_pb";
import { BankedGame, RtpMethod, type BankedTableSummary } from "./gen/croupier/table/v1/banked_pb";

export function gameName(g: Game): string {
  switch (g) {
    case Game.HOLDEM: return t("game.holdem");
    case Game.OMAHA: return t("game.omaha");
    case Game.FIVE_CARD_STUD: return t("game.fiveCardStud");
    case Game.SEVEN_CARD_STUD: return t("game.sevenCardStud");
  }
  return String(g);
}

export function structureName(s: BettingStructure): string {
  switch (s) {
    case BettingStructure.FIXED_LIMIT: return t("structure.fixed");
    case BettingStructure.SPREAD_LIMIT: return t("structure.spread");
    case BettingStructure.POT_LIMIT: return t("structure.pot");
    case BettingStructure.NO_LIMIT: return t("structure.no");
  }
  return String(s);
}

export function bankedName(g: BankedGame): string {
  switch (g) {
    case BankedGame.ROULETTE: return t("banked.roulette");
    case BankedGame.MONEY_WHEEL: return t("banked.moneyWheel");
    case BankedGame.BLACKJACK: return t("banked.blackjack");
    case BankedGame.CASINO_HOLDEM: return t("banked.casinoHoldem");
    case BankedGame.CASINO_TEXAS_HOLDEM: return t("banked.casinoTexasHoldem");
    case BankedGame.OASIS_POKER: return t("banked.oasisPoker");
    case BankedGame.RUSSIAN_POKER: return t("banked.russianPoker");
    case BankedGame.SPLIT_POKER: return t("banked.splitPoker");
  }
  return String(g);
}

/** rtpText is a banked table's published return to player ("Return to
 * player 97.2973 %", a simulated one with its standard error), or "" when
 * the platform could not compute it. */
export function rtpText(s: BankedTableSummary): string {
  const r = s.rtp;
  if (!r || r.method === RtpMethod.NOT_COMPUTED || r.method === RtpMethod.UNSPECIFIED) return "";
  const pct = decimal(r.rtp * 100, 4);
  return r.method === RtpMethod.SIMULATION
    ? t("banked.rtpSimulated", { percent: pct, se: decimal(r.standardError * 100, 4) })
    : t("banked.rtp", { percent: pct });
}
