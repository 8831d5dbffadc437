import { randomBytes, randomInt } from "node:crypto";
import type { Hono } from "hono";
import { daysCovered, MAX_REPORT_DAYS } from "../sandbox-guards.ts";
import type { SandboxKit } from "../sandbox-kit.ts";
import { adReportLines } from "./microsoft-ads-ads.ts";
import {
  AD_REPORT_COLUMNS,
  apiFault,
  asRecord,
  blobError,
  dropOldReports,
  MESSAGES,
  type MicrosoftScope,
  PLATFORM,
  quoteCsv,
  REPORT_COLUMNS,
  type ReportJob,
  readBody,
  readLong,
  readReportDate,
  reportCell,
} from "./microsoft-ads-common.ts";
import { GOAL_REPORT_COLUMNS, goalReportLines } from "./microsoft-ads-conversions.ts";
import { MICROSOFT_TIME_ZONE_NAMES } from "./microsoft-ads-time-zones.ts";
import { writeZip } from "./microsoft-ads-zip.ts";

/** The Reporting service: GenerateReport Submit and Poll, then the ZIP download a finished report points at. */

const REPORT_KINDS: Record<string, ReportJob["kind"]> = {
  CampaignPerformanceReportRequest: "campaign",
  AdPerformanceReportRequest: "ad",
  GoalsAndFunnelsReportRequest: "goals",
};
const REPORT_NAMES: Record<ReportJob["kind"], string> = {
  campaign: "Campaign performance",
  ad: "Ad performance",
  goals: "Goals and funnels",
};

export function registerMicrosoftReporting(
  app: Hono,
  kit: SandboxKit,
  scope: MicrosoftScope,
  input: { pendingPolls: number; reports: Map<string, ReportJob> },
): void {
  const { authenticate } = scope;
  const { pendingPolls, reports } = input;
  // ------------------------------------------------------------------------------------------
  // Reporting: Submit, Poll, then the download.

  app.post("/Reporting/v13/GenerateReport/Submit", async (c) => {
    const auth = await authenticate(c, "reporting");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const request = asRecord(body.ReportRequest);
    const invalid = (message: string) =>
      apiFault(c, "reporting", 400, 201, "ApiInputValidationError", `${MESSAGES.invalidInput} ${message}`);
    const kind = REPORT_KINDS[String(request.Type)];
    if (!kind) {
      return invalid(
        "The sandbox generates CampaignPerformanceReportRequest, AdPerformanceReportRequest and GoalsAndFunnelsReportRequest reports only.",
      );
    }
    if ((request.Format ?? "Csv") !== "Csv") return invalid("The sandbox writes Csv reports only.");
    if (request.Aggregation !== "Daily") return invalid("The sandbox aggregates reports by Daily only.");
    const columns = Array.isArray(request.Columns) ? request.Columns.map(String) : [];
    const known = kind === "ad" ? AD_REPORT_COLUMNS : kind === "goals" ? GOAL_REPORT_COLUMNS : REPORT_COLUMNS;
    const unknownColumn = columns.find((column) => !known.has(column));
    if (columns.length === 0 || unknownColumn) {
      return invalid(`Unsupported or missing report column: ${unknownColumn ?? "(none)"}.`);
    }
    const scope = asRecord(request.Scope);
    const accountIds = Array.isArray(scope.AccountIds) ? scope.AccountIds.map(readLong) : [];
    const tenantAccounts = new Set(kit.engine.listAccounts(auth.tenant, PLATFORM).map((account) => account.id));
    if (accountIds.length === 0 || accountIds.some((id) => !id || !tenantAccounts.has(id))) {
      return apiFault(c, "reporting", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    }
    const time = asRecord(request.Time);
    const from = readReportDate(time.CustomDateRangeStart);
    const to = readReportDate(time.CustomDateRangeEnd);
    if (!from || !to || from > to) {
      return apiFault(c, "reporting", 400, 113, "InvalidDateObject", "The date specified in the request is not valid.");
    }
    if (daysCovered(from, to) > MAX_REPORT_DAYS) {
      return invalid(`A Daily report may cover at most ${MAX_REPORT_DAYS} days.`);
    }
    const timeZone = typeof time.ReportTimeZone === "string" ? time.ReportTimeZone : null;
    if (timeZone !== null && !MICROSOFT_TIME_ZONE_NAMES.has(timeZone)) {
      return invalid(`Unknown ReportTimeZone: ${timeZone}.`);
    }
    const id = `${randomInt(10_000_000, 99_999_999)}${randomInt(10_000_000, 99_999_999)}`;
    reports.set(id, {
      tenant: auth.tenant,
      kind,
      // Each account is reported once, however often the request names it.
      accountIds: [...new Set(accountIds.filter((accountId): accountId is string => accountId !== null))],
      range: { from, to },
      columns,
      timeZone,
      hasColumnHeaders: request.ExcludeColumnHeaders !== true,
      hasReportHeader: request.ExcludeReportHeader !== true,
      hasReportFooter: request.ExcludeReportFooter !== true,
      polls: 0,
      signature: randomBytes(18).toString("base64url"),
    });
    dropOldReports(reports);
    return c.json({ ReportRequestId: id });
  });

  app.post("/Reporting/v13/GenerateReport/Poll", async (c) => {
    const auth = await authenticate(c, "reporting");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const id = typeof body.ReportRequestId === "string" ? body.ReportRequestId : "";
    const job = reports.get(id);
    // Submit and Poll must come from the same user.
    if (!job || job.tenant !== auth.tenant) {
      return apiFault(c, "reporting", 400, 201, "ApiInputValidationError", "The report request id is not valid.");
    }
    job.polls += 1;
    if (job.polls <= pendingPolls)
      return c.json({ ReportRequestStatus: { ReportDownloadUrl: null, Status: "Pending" } });
    if (job.zip === undefined) job.zip = await buildReport(job);
    if (job.zip === null) return c.json({ ReportRequestStatus: { ReportDownloadUrl: null, Status: "Success" } });
    // The download lives beside the services, wherever this sandbox is mounted.
    const base = c.req.url.replace(/\/Reporting\/v13\/GenerateReport\/Poll.*$/, "");
    return c.json({
      ReportRequestStatus: {
        ReportDownloadUrl: `${base}/ReportDownload/${id}.zip?sig=${job.signature}`,
        Status: "Success",
      },
    });
  });

  app.get("/ReportDownload/:file", (c) => {
    const id = c.req.param("file").replace(/\.zip$/, "");
    const job = reports.get(id);
    if (!job?.zip) return blobError(c, 404, "BlobNotFound", "The specified blob does not exist.");
    if (c.req.query("sig") !== job.signature) {
      return blobError(c, 403, "AuthenticationFailed", "Server failed to authenticate the request.");
    }
    return c.body(new Uint8Array(job.zip), 200, {
      "content-type": "application/x-zip-compressed",
      "content-disposition": `attachment; filename="${id}.zip"`,
    });
  });

  async function buildReport(job: ReportJob): Promise<Buffer | null> {
    const lines: string[][] = [];
    for (const accountId of job.accountIds) {
      const account = kit.engine.listAccounts(job.tenant, PLATFORM).find((candidate) => candidate.id === accountId);
      if (!account) continue;
      const campaigns = new Map(
        (await kit.engine.listCampaigns(job.tenant, PLATFORM, accountId)).map((campaign) => [campaign.id, campaign]),
      );
      if (job.kind === "ad") {
        lines.push(...(await adReportLines(kit, job, account, campaigns)));
        continue;
      }
      if (job.kind === "goals") {
        lines.push(...(await goalReportLines(kit, job, account, campaigns)));
        continue;
      }
      const metrics = await kit.engine.dailyMetrics(job.tenant, PLATFORM, accountId, job.range);
      for (const metric of metrics) {
        lines.push(job.columns.map((column) => reportCell(column, account, campaigns.get(metric.campaignId), metric)));
      }
    }
    // Microsoft answers a report without rows with no download URL at all.
    if (lines.length === 0) return null;
    const output: string[][] = [];
    if (job.hasReportHeader) {
      output.push(
        [`Report Name: ${REPORT_NAMES[job.kind]}`],
        [`Report Time: ${job.range.from},${job.range.to}`],
        [`Time Zone: ${job.timeZone ?? "account time zone"}`],
        ["Report Aggregation: Daily"],
        [`Rows: ${lines.length}`],
        [],
      );
    }
    if (job.hasColumnHeaders) output.push(job.columns);
    output.push(...lines);
    if (job.hasReportFooter)
      output.push([], [`©${job.range.to.slice(0, 4)} Microsoft Corporation. All rights reserved. `]);
    const csv = `\uFEFF${output.map((cells) => cells.map(quoteCsv).join(",")).join("\r\n")}\r\n`;
    return writeZip(
      `${job.kind === "ad" ? "AdPerformance" : job.kind === "goals" ? "GoalsAndFunnels" : job.columns.includes("CampaignId") ? "CampaignPerformance" : "Report"}.csv`,
      Buffer.from(csv, "utf8"),
    );
  }
}
