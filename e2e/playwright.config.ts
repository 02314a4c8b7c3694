import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh server for the run, started like `npm start` (built web app, PGlite, outbox mail,
// local CPU engine, local test-mode checkout) on its own DATA_DIR. Workers inherit the env.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 3111);
process.env.E2E_BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // An operator first (the console's spec signs in as one), then the server.
    command: 'npx tsx ../apps/server/test/e2e-operator-seed.ts && npx tsx ../apps/server/src/main.ts',
    url: `${process.env.E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: process.env.E2E_BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      GOOGLE_CLIENT_ID: '',
      ENGINE: 'local',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      // Set-up uploads more than a page of images for one user (the strip spec).
      USER_RATE_LIMIT: '1000',
      NODE_ENV: 'production',
    },
  },
});
