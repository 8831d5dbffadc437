/**
 * The campaigns slice's use cases: previewing, applying and undoing changes, creating and updating
 * campaigns, listing them and the change log, and the exports (CSV, CSV for spreadsheets, Excel). Each takes the actor, works in
 * the actor's organization and names its permission (`core/access/permissions.ts`): writes need
 * "campaigns.change", exports "campaigns.export", reads "workspace.read".
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { AnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { CampaignFilters, CampaignTableRequest, DateRange } from "#core/analytics/analytics-types.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import { type ApplyChangesRequest, applyCampaignChanges } from "./apply-campaign-changes.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import type { RequestedChange } from "./campaign-change-types.ts";
import { createCampaignLabelRepository } from "./campaign-label-repository.ts";
import { createCampaignRepository } from "./campaign-repository.ts";
import { createChangeLogRepository } from "./change-log-repository.ts";
import { type CreateCampaignRequest, createCampaign } from "./create-campaign.ts";
import { type CsvLanguageInput, exportCampaignsCsv, exportDailyMetricsCsv } from "./export-campaigns-csv.ts";
import { findCampaignSummary, type ListCampaignsRequest, listCampaigns } from "./list-campaigns.ts";
import { listChangeLog } from "./list-change-log.ts";
import type { OpenAdPlatform } from "./platform-target.ts";
import { type ChangeTarget, previewCampaignChanges } from "./preview-campaign-changes.ts";
import { setCampaignLabels } from "./set-campaign-labels.ts";
import { undoCampaignChange } from "./undo-campaign-change.ts";
import { type UpdateCampaignRequest, updateCampaign } from "./update-campaign.ts";

export interface CampaignsModuleDeps {
  db: Kysely<Database>;
  /**
   * The connections slice's way onto an ad platform (`createAdPlatformAccess`), with the retry
   * policy of changes a person waits for (INTERACTIVE_RETRY_POLICY).
   */
  openAdPlatform: OpenAdPlatform;
  /** The analytics' reads the selection ("every campaign matching") and the exports go through. */
  analytics: Pick<AnalyticsModule, "getCampaignTable" | "listDailyMetricRows" | "listMatchingCampaignIds">;
  /** Where the CSV exports are recorded (the organization's audit log). */
  audit?: AuditLog;
}

/**
 * The retry policy of changes a person waits for (a few seconds at most per campaign): fewer,
 * shorter retries than a sync's. The read-back before each retry keeps a retried write from
 * applying twice.
 */
export const INTERACTIVE_RETRY_POLICY = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };

export function createCampaignsModule({
  db,
  openAdPlatform,
  analytics,
  audit = createAuditLog(db),
}: CampaignsModuleDeps) {
  const deps: CampaignChangeDependencies = {
    campaigns: createCampaignRepository(db),
    changeLog: createChangeLogRepository(db),
    openAdPlatform,
  };
  const labels = createCampaignLabelRepository(db);
  return {
    previewCampaignChanges: useCase(
      "campaigns.change",
      (actor, input: { target: ChangeTarget; change: RequestedChange }) =>
        previewCampaignChanges({ ...deps, matchingCampaignIds: analytics.listMatchingCampaignIds }, actor, input),
    ),
    applyCampaignChanges: useCase("campaigns.change", (actor, input: ApplyChangesRequest) =>
      applyCampaignChanges(deps, actor, input),
    ),
    undoCampaignChange: useCase("campaigns.change", (actor, input: { changeId: string }) =>
      undoCampaignChange(deps, actor, input),
    ),
    createCampaign: useCase("campaigns.change", (actor, input: CreateCampaignRequest) =>
      createCampaign(deps, actor, input),
    ),
    updateCampaign: useCase("campaigns.change", (actor, input: UpdateCampaignRequest) =>
      updateCampaign(deps, actor, input),
    ),
    listCampaigns: useCase("workspace.read", (actor, input: ListCampaignsRequest) => listCampaigns(deps, actor, input)),
    /** One visible campaign of the organization, or null. */
    getCampaign: useCase("workspace.read", (actor, campaignId: string) => findCampaignSummary(deps, actor, campaignId)),
    /** One of the organization's ad accounts with its platform and currency, or null. */
    getAdAccount: useCase("workspace.read", (actor, adAccountId: string) =>
      deps.campaigns.findAdAccount(actor.organizationId, adAccountId),
    ),
    /**
     * A number that moves whenever the organization's campaign list could read differently (the
     * API's list cache files its pages under it).
     */
    getCampaignListVersion: useCase("workspace.read", (actor) => deps.campaigns.listVersion(actor.organizationId)),
    listChangeLog: useCase(
      "workspace.read",
      (actor, input: { campaignId?: string; limit?: number; cursor?: string | null }) =>
        listChangeLog(deps, actor, input),
    ),
    /** Every label in use in the organization (rule scopes, the table's label filter). */
    listCampaignLabels: useCase("workspace.read", (actor) => labels.listLabels(actor.organizationId)),
    /** The labels of some of the organization's campaigns. */
    getCampaignLabels: useCase("workspace.read", (actor, campaignIds: readonly string[]) =>
      labels.labelsOf(actor.organizationId, campaignIds),
    ),
    /** Adds and removes Adhelm's labels on a selection (untrusted input: { campaignIds, add, remove }). */
    setCampaignLabels: useCase("campaigns.change", (actor, input: unknown) =>
      setCampaignLabels({ labels }, actor, input),
    ),
    exportCampaignsCsv: useCase(
      "campaigns.export",
      async (actor, input: Pick<CampaignTableRequest, "range" | "filters" | "sort"> & CsvLanguageInput) => {
        const csv = await exportCampaignsCsv(analytics, actor, input);
        await audit.record(actor, {
          action: "export.downloaded",
          target: { type: "export", id: `campaigns.${extensionOf(csv.filename)}`, label: csv.filename },
          details: { from: input.range.from, to: input.range.to },
        });
        return csv;
      },
    ),
    exportDailyMetricsCsv: useCase(
      "campaigns.export",
      async (actor, input: { range: DateRange; filters: CampaignFilters } & CsvLanguageInput) => {
        const csv = await exportDailyMetricsCsv(analytics, actor, input);
        await audit.record(actor, {
          action: "export.downloaded",
          target: { type: "export", id: `daily-metrics.${extensionOf(csv.filename)}`, label: csv.filename },
          details: { from: input.range.from, to: input.range.to },
        });
        return csv;
      },
    ),
  };
}

/** "xlsx" of "adhelm-campaigns-….xlsx": which file an export was, for the audit log. */
function extensionOf(filename: string): string {
  return filename.slice(filename.lastIndexOf(".") + 1);
}

export type CampaignsModule = ReturnType<typeof createCampaignsModule>;
