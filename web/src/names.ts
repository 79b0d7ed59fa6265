// Display names of the API's enums in the current language.
import { t } from "./i18n";
import { Game, BettingStructure } from "./gen/croupier/table/v1/table_pb";
import { BankedGame } from "./gen/croupier/table/v1/banked_pb";

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
