// The player's session: the token the dev sign-in (in production, the
// partner's back-end) issued, kept for this browser tab's life.

export interface Session {
  token: string;
  playerId: string;
  partnerId: string;
  displayName: string;
  expiresAt: string;
}

const key = "croupier.session";

export function currentSession(): Session | null {
  const raw = sessionStorage.getItem(key);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    if (new Date(s.expiresAt).getTime() <= Date.now()) return null;
    return s;
  } catch {
    return null;
  }
}

export function signOut() {
  sessionStorage.removeItem(key);
}

/** devSignIn asks the dev stack for a player session under name. */
export async function devSignIn(name: string): Promise<Session> {
  const res = await fetch("/dev/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(body.message ?? res.statusText);
  sessionStorage.setItem(key, JSON.stringify(body));
  return body as Session;
}
