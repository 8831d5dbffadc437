import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { buildTenantMarket } from "#simulator/market/catalogue.ts";

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL("./sandbox.ts", import.meta.url));
// A directory of its own: its own SQLite database, and no .env to pick up from the checkout.
const workDir = mkdtempSync(path.join(tmpdir(), "adhelm-sandbox-cli-"));

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

async function sandbox(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
      cwd: workDir,
      env: { ...env, DATA_DIR: path.join(workDir, "data"), NODE_ENV: "development", LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

describe("scripts/sandbox.ts", () => {
  it("advances the sandbox clock and keeps it in the database between runs", async () => {
    const first = await sandbox("clock");
    expect(first.code).toBe(0);
    const today = /Sandbox today: (\d{4}-\d{2}-\d{2}) \(clock offset: 0 days\)/.exec(first.stdout)?.[1];
    expect(today).toBeDefined();
    const advanced = await sandbox("clock", "advance", "3");
    expect(advanced.stdout).toContain(`Sandbox today: ${addDays(today!, 3)} (clock offset: 3 days)`);
    expect((await sandbox("clock")).stdout).toContain("(clock offset: 3 days)");
  });

  it("adds, lists and clears faults, and refuses bad input with the help", async () => {
    const added = await sandbox("faults", "add", "throttle", "--platform", "google-ads", "--remaining", "2");
    expect(added.code).toBe(0);
    const listed = await sandbox("faults", "list");
    expect(listed.stdout).toMatch(/throttle {2}platform=google-ads {2}tenant=all {2}probability=1 {2}remaining=2/);
    const refused = await sandbox("faults", "add", "slow");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("delayMs");
    expect(refused.stderr).toContain("Usage: node scripts/sandbox.ts");
    expect((await sandbox("faults", "clear")).stdout).toContain("Cleared 1 fault(s).");
    expect((await sandbox("faults", "list")).stdout).toContain("No faults.");
  });

  it("injects, lists and clears anomalies, from the sandbox's yesterday unless told", async () => {
    const today = /Sandbox today: (\d{4}-\d{2}-\d{2})/.exec((await sandbox("clock")).stdout)![1]!;
    const added = await sandbox(
      "anomaly",
      "add",
      "spend_spike",
      "--tenant",
      "org_cli",
      "--platform",
      "google-ads",
      "--campaign",
      "1234567890",
      "--factor",
      "4",
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(
      `spend_spike  tenant=org_cli  platform=google-ads  campaign=1234567890  factor=4  from=${addDays(today, -1)}  to=open`,
    );
    const drop = await sandbox("anomaly", "add", "conversion_drop", "--from", "2026-01-05", "--to", "2026-01-09");
    expect(drop.stdout).toContain(
      "conversion_drop  tenant=all  platform=all  campaign=all  factor=0.2  from=2026-01-05  to=2026-01-09",
    );
    const refused = await sandbox("anomaly", "add", "conversion_drop", "--factor", "2");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("factor: a conversion drop keeps a share of conversions below 1");

    const listed = await sandbox("anomaly", "list", "--tenant", "org_cli");
    expect(listed.stdout.trim().split("\n")).toHaveLength(2);
    expect((await sandbox("anomaly", "clear", "--tenant", "org_cli")).stdout).toContain("Cleared 1 anomaly.");
    expect((await sandbox("anomaly", "clear")).stdout).toContain("Cleared 1 anomaly.");
    expect((await sandbox("anomaly", "list")).stdout).toContain("No anomalies.");
  });

  it("stops a campaign with a platform issue, lists it and lets it run again", async () => {
    const campaign = [
      ...buildTenantMarket("org_cli", undefined).platforms.get("facebook-ads")!.campaignsById.keys(),
    ][0]!;
    const today = /Sandbox today: (\d{4}-\d{2}-\d{2})/.exec((await sandbox("clock")).stdout)![1]!;
    const set = await sandbox("campaign-issue", "set", "org_cli", "facebook-ads", campaign, "disapproved");
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`facebook-ads stopped campaign ${campaign}: disapproved.`);
    expect((await sandbox("campaign-issue", "list", "org_cli", "facebook-ads")).stdout).toContain(
      `${campaign}  disapproved  since=${addDays(today, 1)}`,
    );
    const unknown = await sandbox("campaign-issue", "set", "org_cli", "facebook-ads", "999", "disapproved");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No campaign 999 on facebook-ads for tenant org_cli.");
    const refused = await sandbox("campaign-issue", "set", "org_cli", "facebook-ads", campaign, "tired");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("issue:");
    expect((await sandbox("campaign-issue", "clear", "org_cli", "facebook-ads", campaign)).stdout).toContain(
      `facebook-ads runs campaign ${campaign} again.`,
    );
    expect((await sandbox("campaign-issue", "list", "org_cli", "facebook-ads")).stdout).toContain(
      "No stopped campaigns.",
    );
  });

  it("documents its commands in --help", async () => {
    const help = await sandbox("--help");
    expect(help.code).toBe(0);
    for (const command of [
      "clock advance <days>",
      "faults list",
      "faults add <kind>",
      "faults clear",
      "--delay-ms",
      "anomaly add <kind>",
      "anomaly list",
      "anomaly clear",
      "--campaign <external id>",
      "campaign-issue set <tenant> <platform> <campaign external id> <issue>",
      "campaign-issue clear",
      "campaign-issue list",
    ])
      expect(help.stdout).toContain(command);
  });
});
