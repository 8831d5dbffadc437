// node scripts/sandbox.ts <command>: the built-in sandbox's clock, faults, anomalies and stopped campaigns, straight on the
// database, so it works whether or not the server runs.
import path from "node:path";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createMarketEngine } from "#simulator/market-engine.ts";
import { ANOMALY_KINDS, newAnomalyOf, sandboxAnomalyInput } from "#simulator/sandbox-anomalies.ts";
import { FAULT_KINDS, sandboxClockInput, sandboxFaultInput } from "#simulator/sandbox-app.ts";
import {
  CAMPAIGN_ISSUES,
  createCampaignIssueStore,
  sandboxCampaignIssueInput,
  sandboxCampaignIssueTarget,
} from "#simulator/sandbox-campaign-issues.ts";
import {
  createSandboxStateRepository,
  type SandboxAnomaly,
  type SandboxFault,
} from "#simulator/sandbox-state-repository.ts";
import { loadEnv } from "./load-env.ts";

const HELP = `Usage: node scripts/sandbox.ts <command>

The built-in ad-platform sandbox: its clock, the faults and anomalies it injects, and
campaigns the platforms stopped.
Works on the database in DATA_DIR (or DATABASE_URL), whether or not the server runs.

Commands:
  clock                         Print the sandbox's today and its clock offset in days
  clock advance <days>          Move the sandbox clock forward by whole days
  faults list                   List the faults in force
  faults add <kind> [options]   Add a fault; kind is one of: ${FAULT_KINDS.join(", ")}
      --platform <id>           Only this platform (google-ads, microsoft-ads, facebook-ads,
                                tiktok-ads, linkedin-ads, shopify, woocommerce)
      --tenant <id>             Only this tenant (an Adhelm organization id)
      --probability <0..1>      The chance each call is hit (default 1)
      --remaining <n>           Hit at most n calls, then the fault is gone
      --delay-ms <n>            How long a slow fault holds each call (required for slow)
  faults clear                  Remove every fault
  anomaly list [--tenant <id>]  List the injected anomalies (of a tenant)
  anomaly add <kind> [options]  Inject an anomaly; kind is one of: ${ANOMALY_KINDS.join(", ")}
      --tenant <id>             The tenant (an Adhelm organization id); every tenant if left out
      --platform <id>           The ad platform; every ad platform if left out
      --campaign <external id>  The campaign (its id on the platform); every campaign if left out
      --factor <n>              Spend × n for a spike (default 3, above 1); conversions × n for
                                a drop (default 0.2, below 1)
      --from <YYYY-MM-DD>       First day (default: the sandbox's yesterday, the day monitoring judges)
      --to <YYYY-MM-DD>         Last day (default: no end)
  anomaly clear [<id>] [--tenant <id>]
                                Remove one anomaly, a tenant's, or all of them
  campaign-issue set <tenant> <platform> <campaign external id> <issue>
                                The platform stops the campaign; issue is one of:
                                ${CAMPAIGN_ISSUES.join(", ")}. Its API reports it at once
                                and the campaign delivers nothing from the sandbox's next day
  campaign-issue clear <tenant> <platform> <campaign external id>
                                The campaign runs again from the sandbox's next day
  campaign-issue list <tenant> <platform>
                                List the campaigns the platform stopped for the tenant
  --help                        Show this help

Examples:
  node scripts/sandbox.ts clock advance 7
  node scripts/sandbox.ts faults add throttle --platform google-ads --remaining 3
  node scripts/sandbox.ts faults add slow --delay-ms 2000 --probability 0.5
  node scripts/sandbox.ts anomaly add spend_spike --tenant <org id> --platform google-ads --campaign 123 --factor 4
  node scripts/sandbox.ts campaign-issue set <org id> facebook-ads 120210000000001 disapproved`;

class UsageError extends Error {}

const { values: flags, positionals } = parseArgsOrExit();

if (flags.help || positionals.length === 0) {
  console.log(HELP);
  process.exit(positionals.length === 0 && !flags.help ? 2 : 0);
}

const env = loadEnv();
const database = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.DATA_DIR, "adhelm.db") });
try {
  await migrateToLatest(database.db);
  const state = createSandboxStateRepository(database.db);
  const engine = createMarketEngine({ state });
  const [command, subcommand, ...rest] = positionals;

  if (command === "clock" && subcommand === undefined) {
    printClock(await engine.today(), await state.getClockOffsetDays());
  } else if (command === "clock" && subcommand === "advance" && rest.length === 1) {
    const input = validated(sandboxClockInput, { advanceDays: Number(rest[0]) });
    await state.advanceClock(input.advanceDays);
    printClock(await engine.today(), await state.getClockOffsetDays());
  } else if (command === "faults" && subcommand === "list" && rest.length === 0) {
    printFaults(await state.listFaults());
  } else if (command === "faults" && subcommand === "add" && rest.length === 1) {
    const input = validated(sandboxFaultInput, {
      kind: rest[0],
      platform: flags.platform,
      tenant: flags.tenant,
      probability: optionalNumber(flags.probability),
      remaining: optionalNumber(flags.remaining),
      delayMs: optionalNumber(flags["delay-ms"]),
    });
    const fault = await state.addFault(input);
    console.log(`Added fault ${fault.id}.`);
    printFaults([fault]);
  } else if (command === "faults" && subcommand === "clear" && rest.length === 0) {
    console.log(`Cleared ${await state.clearFaults()} fault(s).`);
  } else if (command === "anomaly" && subcommand === "list" && rest.length === 0) {
    printAnomalies(await state.listAnomalies(flags.tenant ? { tenant: flags.tenant } : {}));
  } else if (command === "anomaly" && subcommand === "add" && rest.length === 1) {
    const input = validated(sandboxAnomalyInput, {
      kind: rest[0],
      tenant: flags.tenant,
      platform: flags.platform,
      campaignExternalId: flags.campaign,
      factor: optionalNumber(flags.factor),
      fromDate: flags.from,
      toDate: flags.to,
    });
    const anomaly = await state.addAnomaly(newAnomalyOf(input, await engine.today()));
    console.log(`Added anomaly ${anomaly.id}.`);
    printAnomalies([anomaly]);
  } else if (command === "anomaly" && subcommand === "clear" && rest.length <= 1) {
    const cleared = await state.clearAnomalies({
      ...(rest[0] ? { id: rest[0] } : {}),
      ...(flags.tenant ? { tenant: flags.tenant } : {}),
    });
    console.log(`Cleared ${cleared} anomal${cleared === 1 ? "y" : "ies"}.`);
  } else if (command === "campaign-issue" && subcommand === "list" && rest.length === 2) {
    const target = validated(sandboxCampaignIssueTarget.omit({ campaignExternalId: true }), {
      tenant: rest[0],
      platform: rest[1],
    });
    const issues = await createCampaignIssueStore(state).list(target.tenant, target.platform);
    if (issues.size === 0) console.log("No stopped campaigns.");
    for (const [campaignId, { issue, since }] of issues) console.log(`${campaignId}  ${issue}  since=${since}`);
  } else if (command === "campaign-issue" && (subcommand === "set" || subcommand === "clear")) {
    const [tenant, platform, campaignExternalId, issue] = rest;
    const isSet = subcommand === "set";
    if (rest.length !== (isSet ? 4 : 3)) throw new UsageError(`Unknown command: ${positionals.join(" ")}`);
    const input = isSet
      ? validated(sandboxCampaignIssueInput, { tenant, platform, campaignExternalId, issue })
      : { ...validated(sandboxCampaignIssueTarget, { tenant, platform, campaignExternalId }), issue: null };
    if (!(await engine.setCampaignIssue(input.tenant, input.platform, input.campaignExternalId, input.issue))) {
      throw new UsageError(`No campaign ${input.campaignExternalId} on ${input.platform} for tenant ${input.tenant}.`);
    }
    console.log(
      input.issue
        ? `${input.platform} stopped campaign ${input.campaignExternalId}: ${input.issue}.`
        : `${input.platform} runs campaign ${input.campaignExternalId} again.`,
    );
  } else {
    throw new UsageError(`Unknown command: ${positionals.join(" ")}`);
  }
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${HELP}`);
  process.exitCode = 2;
} finally {
  await database.close();
}

function parseArgsOrExit() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        platform: { type: "string" },
        tenant: { type: "string" },
        probability: { type: "string" },
        remaining: { type: "string" },
        "delay-ms": { type: "string" },
        campaign: { type: "string" },
        factor: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    process.exit(2);
  }
}

function optionalNumber(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

function validated<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  throw new UsageError(`Invalid input: ${problems.join("; ")}`);
}

function printClock(today: string, offsetDays: number) {
  console.log(`Sandbox today: ${today} (clock offset: ${offsetDays} day${offsetDays === 1 ? "" : "s"})`);
}

function printFaults(faults: SandboxFault[]) {
  if (faults.length === 0) {
    console.log("No faults.");
    return;
  }
  for (const fault of faults) {
    const parts = [
      fault.kind,
      `platform=${fault.platform ?? "all"}`,
      `tenant=${fault.tenant ?? "all"}`,
      `probability=${fault.probability}`,
      `remaining=${fault.remaining ?? "unlimited"}`,
      ...(fault.kind === "slow" ? [`delay-ms=${fault.delayMs}`] : []),
    ];
    console.log(`${fault.id}  ${parts.join("  ")}`);
  }
}

function printAnomalies(anomalies: SandboxAnomaly[]) {
  if (anomalies.length === 0) {
    console.log("No anomalies.");
    return;
  }
  for (const anomaly of anomalies) {
    const parts = [
      anomaly.kind,
      `tenant=${anomaly.tenant ?? "all"}`,
      `platform=${anomaly.platform ?? "all"}`,
      `campaign=${anomaly.campaignExternalId ?? "all"}`,
      `factor=${anomaly.factor}`,
      `from=${anomaly.fromDate}`,
      `to=${anomaly.toDate ?? "open"}`,
    ];
    console.log(`${anomaly.id}  ${parts.join("  ")}`);
  }
}
