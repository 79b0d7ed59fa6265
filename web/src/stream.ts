// A server stream that survives a dropped connection: it reopens with the
// id of the last event it delivered (the API's after_event_id), so the
// page resumes where it was and sees no event twice or lost.

export type StreamState = "connected" | "reconnecting";

export interface Follow<T> {
  /** open starts the stream after the event id (empty: from a snapshot). */
  open: (afterEventId: string, signal: AbortSignal) => AsyncIterable<T>;
  /** last is the id of the last event a message carries ("" for none). */
  last: (msg: T) => string;
  onMessage: (msg: T) => void;
  onState?: (s: StreamState, attempt: number) => void;
}

/** follow runs f until the returned stop is called. */
export function follow<T>(f: Follow<T>): () => void {
  const ctl = new AbortController();
  let after = "";
  let attempt = 0;
  (async () => {
    while (!ctl.signal.aborted) {
      try {
        for await (const msg of f.open(after, ctl.signal)) {
          if (attempt > 0 || after === "") f.onState?.("connected", attempt);
          attempt = 0;
          const id = f.last(msg);
          if (id) after = id;
          f.onMessage(msg);
        }
      } catch {
        // A drop, a server restart or a network change: reopen below.
      }
      if (ctl.signal.aborted) return;
      attempt++;
      f.onState?.("reconnecting", attempt);
      await sleep(Math.min(5000, 250 * 2 ** Math.min(attempt, 5)), ctl.signal);
    }
  })();
  return () => ctl.abort();
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}
