/**
 * The JavaScript Chromium transfers (bytes on the wire: compressed bodies and headers, as DevTools' "transferred") for /login,
 * then for the records page once signed in from that form, against the real server serving a build (`npm run size:login`).
 * The server runs on an embedded PostgreSQL with the demo data, in a data directory of its own, removed afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type CDPSession } from "@playwright/test";

export interface WireReport {
  /** JavaScript transferred until /login shows its form. */
  login: { files: number; bytes: number };
  /** JavaScript transferred from /login through signing in until the records list shows its rows (the login's included). */
  records: { files: number; bytes: number };
}

const DEMO = { email: "admin@demo.test", password: "Demo-2026!" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${server.exitCode})`);
    const ready = await fetch(url).then((answer) => answer.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("le serveur n'a pas démarré en 3 minutes");
}

/** Sums the JavaScript responses' encoded lengths as Chromium reports them when each finishes loading. */
async function countScripts(cdp: CDPSession) {
  const scripts = new Set<string>();
  const urls = new Map<string, string>();
  const totals = { files: 0, bytes: 0 };
  cdp.on("Network.responseReceived", (event) => {
    if (event.type !== "Script") return;
    scripts.add(event.requestId);
    urls.set(event.requestId, new URL(event.response.url).pathname);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (!scripts.has(event.requestId)) return;
    totals.files += 1;
    totals.bytes += event.encodedDataLength;
    if (process.env.WIRE_SIZE_FILES) console.error(`${(event.encodedDataLength / 1000).toFixed(1).padStart(7)} kB  ${urls.get(event.requestId)}`);
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return () => ({ ...totals });
}

export async function measureWireSize(dist: string, chromiumPath: string): Promise<WireReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wire-size-"));
  // Reachable by the `postgres` user when running as root (the embedded server's cluster lives in it).
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: dist, PUBLIC_URL: base, DATABASE_URL: "", LOG_LEVEL: "silent" },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await waitReady(`${base}/api/health/ready`, server);
    const page = await browser.newPage();
    const sent = await countScripts(await page.context().newCDPSession(page));
    await page.goto(`${base}/login`);
    await page.getByRole("button", { name: "Se connecter" }).waitFor();
    await page.waitForLoadState("networkidle");
    const login = sent();
    await page.locator('input[autocomplete="username"]').fill(DEMO.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(/\/records$/);
    await page.locator("tbody tr[data-row-id]").first().waitFor();
    await page.waitForLoadState("networkidle");
    return { login, records: sent() };
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
