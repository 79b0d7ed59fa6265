import { h, replace } from "../dom";
import type { BankedView } from "./banked";

export const casinoPokerView: BankedView = (main, table) => {
  replace(main, h("h1", null, table.name));
  return () => {};
};
