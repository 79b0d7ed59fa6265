// The player's wallet balance in the header, read through the wallet's
// public API (a player reads only his own accounts).
import { api } from "./api";
import { money, t } from "./i18n";
import { currentSession } from "./session";
import { AccountKind } from "./gen/croupier/wallet/v1/wallet_pb";

/** refreshBalance asks the header to read the balance now (after a
 * settlement, say) instead of at its next poll. */
export function refreshBalance() {
  window.dispatchEvent(new Event("croupier:balance"));
}

export function startBalance(el: HTMLElement): () => void {
  let stopped = false;
  const read = async () => {
    const s = currentSession();
    if (!s || stopped) return;
    try {
      const res = await api.wallet.listAccounts({ ownerId: s.playerId, partnerId: s.partnerId, kind: AccountKind.PLAYER });
      const text = res.accounts.map((a) => money(a.available, a.currency)).join(" · ");
      el.textContent = t("nav.balanceOf", { amount: text || money(0, "EUR") });
      el.dataset.available = res.accounts.map((a) => a.currency + ":" + a.available).join(",");
    } catch {
      // The next poll tries again; the header keeps the last figure.
    }
  };
  read();
  const timer = setInterval(read, 5000);
  window.addEventListener("croupier:balance", read);
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener("croupier:balance", read);
  };
}
