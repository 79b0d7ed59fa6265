// Clients of the public API over Connect (JSON on HTTP/1.1 or 2), from the
// code buf generated into src/gen. Every call carries the player's session
// token; nothing here uses an operator's or a partner's credential.
import { createClient, type Client, type Interceptor, ConnectError, Code } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { TableService } from "./gen/croupier/table/v1/table_pb";
import { BankedTableService } from "./gen/croupier/table/v1/banked_pb";
import { BlackjackService } from "./gen/croupier/table/v1/blackjack_pb";
import { CasinoPokerService } from "./gen/croupier/table/v1/casinopoker_pb";
import { TournamentService } from "./gen/croupier/tournament/v1/tournament_pb";
import { WalletService } from "./gen/croupier/wallet/v1/wallet_pb";
import { currentSession } from "./session";
import { timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";

const bearer: Interceptor = (next) => async (req) => {
  const s = currentSession();
  if (s) req.header.set("Authorization", "Bearer " + s.token);
  return next(req);
};

const transport = createConnectTransport({ baseUrl: location.origin, interceptors: [bearer] });

export const api: {
  table: Client<typeof TableService>;
  banked: Client<typeof BankedTableService>;
  blackjack: Client<typeof BlackjackService>;
  casinoPoker: Client<typeof CasinoPokerService>;
  tournament: Client<typeof TournamentService>;
  wallet: Client<typeof WalletService>;
} = {
  table: createClient(TableService, transport),
  banked: createClient(BankedTableService, transport),
  blackjack: createClient(BlackjackService, transport),
  casinoPoker: createClient(CasinoPokerService, transport),
  tournament: createClient(TournamentService, transport),
  wallet: createClient(WalletService, transport),
};

/** errorText is what a refusal says to the player: the reason code the
 * server sent (stable, for translation) and its message. */
export function errorText(err: unknown): string {
  const e = ConnectError.from(err);
  const reason = errorReason(e);
  return (reason ? reason + ": " : "") + e.rawMessage;
}

/** errorReason reads the reason code from the error's google.rpc.ErrorInfo
 * detail (field 1, a string), which every refusal of the platform carries. */
export function errorReason(e: ConnectError): string {
  for (const d of e.details) {
    if (!("type" in d) || d.type !== "google.rpc.ErrorInfo") continue;
    const b = d.value;
    let i = 0;
    while (i < b.length) {
      const tag = b[i++];
      let len = 0, shift = 0;
      for (;;) {
        const x = b[i++];
        len |= (x & 0x7f) << shift;
        shift += 7;
        if (!(x & 0x80) || i >= b.length) break;
      }
      if (tag === 0x0a) return new TextDecoder().decode(b.subarray(i, i + len));
      if ((tag & 7) !== 2) return "";
      i += len;
    }
  }
  return "";
}

/** retryable tells a dropped connection from a refusal. */
export function retryable(err: unknown): boolean {
  const e = ConnectError.from(err);
  return e.code === Code.Unavailable || e.code === Code.Unknown || e.code === Code.Internal || e.code === Code.DeadlineExceeded || e.code === Code.Aborted;
}

/** retrying runs call again, up to three more times with a growing
 * pause, while it fails on the way (a drop, not a refusal). The caller
 * keeps one idempotency key across the attempts, so the server applies the
 * request once and answers a repeat with the first answer. */
export async function retrying<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      if (attempt >= 3 || !retryable(e)) throw e;
      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
    }
  }
}

/** ms is an API timestamp in epoch milliseconds (0 for none). */
export function ms(ts: Timestamp | undefined): number {
  return ts ? timestampMs(ts) : 0;
}

/** idempotencyKey is a fresh key for one request (a retry reuses it). */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
