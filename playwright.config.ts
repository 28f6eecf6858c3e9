/**
 * End-to-end tests: Debian's chromium (never a downloaded browser) against the built SPA served by the real server,
 * on an embedded PostgreSQL with the demo data, in a fresh data directory per run.
 *
 * E2E_PORT (default 3100) and E2E_DIST (default dist/public) let several runs side by side; the data directory is exposed
 * to the tests as E2E_DATA_DIR (they read the e-mails written to its outbox/).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const staticDir = path.resolve(process.env.E2E_DIST ?? "dist/public");

// The config is evaluated again in every worker: the runner's data directory travels to them through the environment.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const dataDir = process.env.E2E_DATA_DIR;

const BASE_URL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: path.join(os.tmpdir(), `e2e-results-${port}`),
  fullyParallel: true,
  workers: 2,
  // No retries: a test that needs one is racing something; it must wait for what it needs instead.
  retries: 0,
  forbidOnly: true,
  // Bounds for a failure, not waits: a passing test goes on as soon as what it waits for is there. They leave room for a
  // shared two-core machine running other suites too, where the first page of a list took over 7 s to show its rows, and where
  // the whole suite once took 34 min (a test visiting the six lists then passed 60 s).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "off",
    screenshot: "only-on-failure",
    // Mantine honours reduced motion: modals and menus appear at once, so axe never measures a half-faded colour (a dialog's
    // button caught mid-fade failed color-contrast once in CI).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 860 } } }],
  webServer: {
    // One node process with tsx's loader (not npx, which does not pass SIGTERM on, nor the tsx command, which SIGKILLs a child
    // slow to acknowledge the signal): the server then stops its PostgreSQL cleanly.
    command: "node --import tsx server/main.ts",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    url: `${BASE_URL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "silent",
      LOGIN_RATE_LIMIT: "10000",
      // Browsers of parallel specs may sign in as the same demo user; not what these tests test.
      USER_RATE_LIMIT: "0",
      // The overload guard would answer 503 when the machine running browsers and server together lags (not what these tests test).
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // AGORA's silence (the simulator's MUET fixture) is answered after 2 s rather than 10 (tests/e2e/records-exchanges.spec.ts).
      AGORA_TIMEOUT_MS: "2000",
      // No DATABASE_URL: the server starts its embedded PostgreSQL and loads the demo data.
      DATABASE_URL: "",
    },
  },
});
