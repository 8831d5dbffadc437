// After bench:crash's kills: every acknowledged write is there, the database is sound, no change is
// half applied, and no mutation reached the platform more often than it was asked for.
import { sql } from "kysely";
import { INTERRUPTED_RESPONSE } from "#core/campaigns/change-log-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { CrashSandbox } from "./crash-sandbox.ts";
import { budgetToken, type Ledger, nameToken } from "./crash-workload.ts";

export interface CrashFindings {
  acknowledged: number;
  lost: string[];
  duplicated: string[];
  integrityFailures: string[];
  /**
   * Values the platform received that no succeeded change log entry records: the app died after
   * sending a change and before logging it (the change is pushed first and logged after).
   */
  unloggedPlatformChanges: string[];
  /** Change log entries left "interrupted": the app was killed while the platform had the change. */
  interrupted: number;
}

interface LogRow {
  id: string;
  campaign_id: string | null;
  after_json: string;
  outcome: string;
  platform_response: string | null;
  undo_of: string | null;
  undone_by: string | null;
}

export async function checkAfterCrashes(
  database: DatabaseHandle,
  organizationId: string,
  ledger: Ledger,
  sandbox: CrashSandbox,
): Promise<CrashFindings> {
  const db = database.db;
  const log = (await db
    .selectFrom("change_log")
    .select(["id", "campaign_id", "after_json", "outcome", "platform_response", "undo_of", "undone_by"])
    .where("organization_id", "=", organizationId)
    .execute()) as LogRow[];
  const byId = new Map(log.map((row) => [row.id, row]));
  // Succeeded entries (what an acknowledged write must have), and every entry (a change the app
  // was stopped in the middle of is logged as interrupted, which is still its log entry).
  const loggedNames = new Set<string>();
  const loggedBudgets = new Set<number>();
  const recordedNames = new Set<string>();
  const recordedBudgets = new Set<number>();
  for (const row of log) {
    const after = JSON.parse(row.after_json) as { name?: string; dailyBudgetMinor?: number };
    const isSucceeded = row.outcome === "succeeded";
    if (after.name !== undefined) {
      recordedNames.add(`${row.campaign_id}|${after.name}`);
      if (isSucceeded) loggedNames.add(`${row.campaign_id}|${after.name}`);
    }
    if (after.dailyBudgetMinor !== undefined) {
      recordedBudgets.add(after.dailyBudgetMinor);
      if (isSucceeded) loggedBudgets.add(after.dailyBudgetMinor);
    }
  }
  const interrupted = log.filter((row) => row.platform_response === INTERRUPTED_RESPONSE).length;

  const lost: string[] = [];
  for (const write of ledger.apiWrites.filter((item) => item.acknowledged))
    if (!loggedNames.has(`${write.campaignId}|${write.name}`))
      lost.push(`API PUT ${write.key} (name ${write.name}) answered 2xx but is not in the change log`);
  for (const write of ledger.uiWrites.filter((item) => item.acknowledged))
    if (!write.changeId || !byId.has(write.changeId) || !loggedBudgets.has(write.amountMinor))
      lost.push(
        `budget change ${write.changeId} (${write.amountMinor}) answered as applied but is not in the change log`,
      );
  for (const undo of ledger.undos.filter((item) => item.acknowledged)) {
    const row = undo.changeId ? byId.get(undo.changeId) : undefined;
    if (!row || row.undo_of !== undo.of.changeId || byId.get(undo.of.changeId ?? "")?.undone_by !== row.id)
      lost.push(`undo ${undo.changeId} of ${undo.of.changeId} answered as done but is not (fully) recorded`);
  }
  const acknowledged =
    ledger.apiWrites.filter((item) => item.acknowledged).length +
    ledger.uiWrites.filter((item) => item.acknowledged).length +
    ledger.undos.filter((item) => item.acknowledged).length;

  const duplicated: string[] = [];
  for (const [token, allowed] of ledger.allowedSends) {
    const sent = sandbox.timesSent(token);
    if (sent > allowed) duplicated.push(`${token} reached the platform ${sent} times for ${allowed} request(s)`);
  }

  const integrityFailures: string[] = [];
  if (database.dialect === "sqlite") {
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    const verdict = rows.map((row) => row.integrity_check).join("; ");
    if (verdict !== "ok") integrityFailures.push(`PRAGMA integrity_check: ${verdict}`);
  }
  // An undo half done: the original marked undone by an entry that was never written.
  for (const row of log)
    if (row.undone_by && !byId.has(row.undone_by))
      integrityFailures.push(`change ${row.id} is marked undone by ${row.undone_by}, which is not in the log`);
  const campaigns = await db
    .selectFrom("campaigns")
    .select(["id", "name", "daily_budget_minor"])
    .where("organization_id", "=", organizationId)
    .execute();
  const ourNames = new Set(ledger.apiWrites.map((write) => write.name));
  const ourBudgets = new Set(ledger.uiWrites.map((write) => write.amountMinor));
  // Every value that reached the platform is in the log, or the platform and the log disagree.
  const unloggedPlatformChanges: string[] = [];
  const unloggedNames = new Set<string>();
  const unloggedBudgets = new Set<number>();
  for (const write of ledger.apiWrites)
    if (sandbox.timesSent(nameToken(write.name)) > 0 && !recordedNames.has(`${write.campaignId}|${write.name}`)) {
      unloggedNames.add(write.name);
      unloggedPlatformChanges.push(`name ${write.name} reached the platform with no change log entry for it`);
    }
  for (const write of ledger.uiWrites)
    if (sandbox.timesSent(budgetToken(write.amountMinor)) > 0 && !recordedBudgets.has(write.amountMinor)) {
      unloggedBudgets.add(write.amountMinor);
      unloggedPlatformChanges.push(`budget ${write.amountMinor} reached the platform with no change log entry for it`);
    }
  // A campaign holding a value one of our writes set, with no log entry, and which the platform
  // never received: our row was changed by itself (a campaign row and its log entry half written).
  for (const campaign of campaigns) {
    if (
      ourNames.has(campaign.name) &&
      !recordedNames.has(`${campaign.id}|${campaign.name}`) &&
      !unloggedNames.has(campaign.name)
    )
      integrityFailures.push(`campaign ${campaign.id} is named ${campaign.name} with no change log entry for it`);
    const budget = Number(campaign.daily_budget_minor);
    if (ourBudgets.has(budget) && !recordedBudgets.has(budget) && !unloggedBudgets.has(budget))
      integrityFailures.push(`campaign ${campaign.id} has budget ${budget} with no change log entry for it`);
  }
  return { acknowledged, lost, duplicated, integrityFailures, unloggedPlatformChanges, interrupted };
}
