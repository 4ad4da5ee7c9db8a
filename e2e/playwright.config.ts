import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '../.data-e2e';

/** Debian's Chromium; no tool downloads a browser of its own. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh embedded database with demo data for every run.
    command: `rm -rf ${DATA_DIR} && node ../apps/server/dist/main.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Every browser test signs up and asks for codes from 127.0.0.1.
      RATE_LIMIT_FACTOR: '20',
      // An earning day of 15 s: the earn spec sees interest arrive and a 2-day term mature.
      EARN_DAY_MS: '15000',
      // A VND deposit order waits 45 s for its transfer: the VND spec sees one expire.
      VND_ORDER_TTL_S: '45',
    },
  },
});
