import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = `.data/e2e-${process.env.E2E_RUN_ID ?? "run"}`;

/** Debian's Chromium: Playwright's own browser download cannot run here. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A fresh embedded database for every run; builds first when the build is stale.
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/sign-in`,
    timeout: 1_200_000, // a first build on a busy two-core machine has taken over ten minutes
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      STOCKROOM_URL: `http://localhost:${PORT}`,
      STOCKROOM_DATA_DIR: E2E_DATA_DIR,
      STOCKROOM_SIGNIN_PER_MINUTE: "10000",
      NEXT_TELEMETRY_DISABLED: "1",
      // The import specs connect to MCP servers they start on 127.0.0.1 (server/routers/import-live.test.ts shows the refusal).
      STOCKROOM_ALLOW_PRIVATE_NETWORKS: "1",
      // e2e/source-changed.spec.ts waits for a scheduled check of a source: the scheduler's minute lasts 200 ms here
      // (it ticks every 200 ms, and "Every hour" comes due 12 s after a save). Only the scheduler's clock is shorter:
      // the intervals a team may choose (15 minutes and up) and what a check does are production's. No other spec sets
      // an interval, so no other source is ever checked.
      STOCKROOM_SCHEDULER_MINUTE_MS: "200",
      DATABASE_URL: "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
    },
  },
});
