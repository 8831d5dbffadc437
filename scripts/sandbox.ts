// node scripts/sandbox.ts <command>: the built-in sandbox's clock and faults, straight on the
// database, so it works whether or not the server runs.
import path from "node:path";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createMarketEngine } from "#simulator/market-engine.ts";
import { FAULT_KINDS, sandboxClockInput, sandboxFaultInput } from "#simulator/sandbox-app.ts";
import { createSandboxStateRepository, type SandboxFault } from "#simulator/sandbox-state-repository.ts";
import { loadEnv } from "./load-env.ts";

const HELP = `Usage: node scripts/sandbox.ts <command>

The built-in ad-platform sandbox: its clock and the faults it injects.
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
  --help                        Show this help

Examples:
  node scripts/sandbox.ts clock advance 7
  node scripts/sandbox.ts faults add throttle --platform google-ads --remaining 3
  node scripts/sandbox.ts faults add slow --delay-ms 2000 --probability 0.5`;

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
