// The browser tests' harness: a dev stack of our own on a free port (the
// binary CROUPIER_DEVSTACK names, built by `make web-test`), Debian's
// Chromium driven by playwright-core, and helpers that sign in through the
// page like a player would.
import { spawn } from "node:child_process";
import { createServer, connect } from "node:net";
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const chromiumPath = process.env.CROUPIER_CHROMIUM || "/usr/bin/chromium";

// Flags for this machine's closed network (the env notes): no background
// connections, no QUIC, no sandbox as root.
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

/** startStack runs a dev stack and resolves with its base URL once the
 * lobby tables exist. stop() ends it. */
export async function startStack({ env = {}, timeoutMs = 180_000 } = {}) {
  const bin = process.env.CROUPIER_DEVSTACK;
  if (!bin) throw new Error("CROUPIER_DEVSTACK must name the dev stack binary (make web-test builds it)");
  const dataDir = mkdtempSync(join(tmpdir(), "croupier-e2e-"));
  const proc = spawn(bin, ["-addr", "127.0.0.1:0", "-data-dir", dataDir], {
    env: { ...process.env, CROUPIER_DEMO_TABLES: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "", log = "";
  proc.stderr.on("data", (d) => { log += d; if (log.length > 200_000) log = log.slice(-100_000); });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("dev stack did not start:\n" + log.slice(-4000))), timeoutMs);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (127\.0\.0\.1:\d+)/);
      if (m) { clearTimeout(timer); resolve("http://" + m[1]); }
    });
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error("dev stack exited " + code + ":\n" + log.slice(-4000))); });
  });
  const stop = async () => {
    proc.kill("SIGTERM");
    await new Promise((r) => { proc.on("exit", r); setTimeout(r, 10_000); });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await lobbyReady(base, () => log);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, log: () => log, stop };
}

// lobbyReady waits for the lobby's tables, created just after the server
// starts.
async function lobbyReady(base, log) {
  const deadline = Date.now() + 60_000;
  const token = await devToken(base, "harness");
  for (;;) {
    const res = await fetch(base + "/croupier.table.v1.BankedTableService/ListBankedTables", {
      method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: "{}" });
    const body = await res.json();
    if ((body.tables ?? []).length >= 11) break;
    if (/web lobby tables/.test(log()) || Date.now() > deadline) throw new Error("lobby tables did not appear:\n" + log().slice(-3000));
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** devToken signs a player in through the dev endpoint (for checks made
 * beside the page, such as reading a balance). */
export async function devToken(base, name) {
  const res = await fetch(base + "/dev/session", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  if (!res.ok) throw new Error("dev session: " + res.status + " " + (await res.text()));
  return (await res.json()).token;
}

/** rpc calls a unary method of the public API as JSON (Connect protocol). */
export async function rpc(base, token, method, body = {}) {
  const res = await fetch(base + "/" + method, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(method + ": " + res.status + " " + text);
  return JSON.parse(text);
}

export async function launch() {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** signIn opens the client in a new context (a separate browser profile,
 * as a second player would have) and signs in as name. */
export async function signIn(browser, base, name, { viewport = { width: 1280, height: 900 }, lang = "en" } = {}) {
  const context = await browser.newContext({ viewport, locale: lang === "en" ? "en-GB" : lang });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto(base + "/");
  await page.getByLabel(/Player name|Όνομα παίκτη|Jméno hráče|Имя игрока/).fill(name);
  await page.locator("form button[type=submit]").click();
  await page.locator("#balance").filter({ hasText: /\d/ }).waitFor();
  return { context, page };
}

/** balance reads the header's balance (minor units) of currency. */
export async function balance(page, currency = "EUR") {
  await page.evaluate(() => window.dispatchEvent(new Event("croupier:balance")));
  await page.waitForTimeout(300);
  const raw = await page.locator("#balance").getAttribute("data-available");
  const m = (raw ?? "").match(new RegExp(currency + ":(\\d+)"));
  return m ? Number(m[1]) : NaN;
}

/** screenshot saves page at docs/screenshots/<name>-<width>.png when
 * CROUPIER_SCREENSHOTS is set (make web-screenshots). */
export async function screenshot(page, name) {
  const dir = process.env.CROUPIER_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const w = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(dir, `${name}-${w < 700 ? "phone" : "desktop"}.png`), fullPage: true });
}

/** cutter puts a TCP proxy between a browser and the stack, so a test can
 * cut a player's network as a real drop does: cut() resets every open
 * connection (streams included) and refuses new ones until restore(). */
export async function cutter(base) {
  const target = new URL(base);
  const sockets = new Set();
  let down = false;
  const server = createServer((client) => {
    if (down) { client.destroy(); return; }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const close = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: "http://127.0.0.1:" + server.address().port,
    cut() { down = true; for (const s of sockets) s.resetAndDestroy(); sockets.clear(); },
    restore() { down = false; },
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(r); }),
  };
}
