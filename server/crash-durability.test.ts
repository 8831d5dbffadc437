// The short bench:crash (npm run bench:crash runs 100 kills): the production server killed with
// SIGKILL ten times under API writes with Idempotency-Key and backfills, restarted each time.
// The campaigns screen's action needs the real build, so its budget changes and undos are left to
// the bench; the stub build serves every Hono route (auth, the API, /healthz).
import { afterEach, describe, expect, it } from "vitest";
import { runCrashBench } from "#bench/crash-run.ts";
import { freePort } from "#tests/support/free-port.ts";
import { prepareStubProduction, type StubProduction } from "#tests/support/stub-production.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";

let stub: StubProduction | undefined;

afterEach(async () => {
  await stub?.remove();
  stub = undefined;
});

// Not yet in the default run: on a busy machine a retried PUT can still reach the sandbox twice
// (issue 22 §2 is open), and ten restarts take minutes there. ADHELM_CRASH_TEST=1 runs it.
describe.skipIf(!process.env.ADHELM_CRASH_TEST)("the server killed with SIGKILL under write load", () => {
  it("loses no acknowledged write, sends no mutation twice and leaves nothing half applied", async () => {
    stub = await prepareStubProduction("crash");
    const result = await runCrashBench({
      kills: 10,
      seed: 22,
      buildDir: stub.buildDir,
      databaseUrl: stub.databaseEnv.DATABASE_URL,
      withUiActions: false,
      appPort: await freePort(),
      sandboxPort: await freePort(),
      minUpMs: 150,
      maxUpMs: 600,
      drainMs: 3_000,
      parentDir: TEST_DATA_DIR,
      campaigns: 10,
    });
    expect(result.kills).toBe(10);
    expect(result.healthyMs).toHaveLength(10);
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
    expect(result.duplicated).toEqual([]);
    expect(result.integrityFailures).toEqual([]);
    expect(result.unloggedPlatformChanges).toEqual([]);
    // 55 s on SQLite on two cores at load average 13: each restart is a cold start, which load slows.
  }, 600_000);
});
