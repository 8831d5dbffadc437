import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin builds apps, not tests.
export default defineConfig({
  test: {
    env: { TZ: "UTC" },
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results/vitest.json" }]] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,core,server,adapters,scripts,connectors,simulator,docs}/**/*.test.{ts,tsx}"],
          environment: "node",
          globalSetup: ["tests/setup/database-template.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["tests/setup/database-template.ts", "tests/setup/e2e-server.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Two files at a time, each with its own Chromium, against the one server: the browser
          // tests mostly wait (on the server, on the page), so two of them keep both of our two
          // cores busy and the e2e project takes about 80% of the time of one at a time.
          // E2E_WORKERS=1 runs them one by one.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A page settles in its own time on a shared two-core machine; wait as long as
          // Playwright's own assertions do rather than vitest's 1 s, which a busy CI run can miss.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
