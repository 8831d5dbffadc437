import { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import { registerMicrosoftAds } from "./microsoft-ads-ads.ts";
import { registerMicrosoftCampaigns } from "./microsoft-ads-campaigns.ts";
import { createMicrosoftScope, type ReportJob } from "./microsoft-ads-common.ts";
import { registerMicrosoftConversionGoals } from "./microsoft-ads-conversions.ts";
import { registerMicrosoftOAuth } from "./microsoft-ads-oauth.ts";
import { registerMicrosoftReporting } from "./microsoft-ads-reporting.ts";

/**
 * The Microsoft Advertising sandbox, mounted at /sandbox/microsoft-ads: the Microsoft identity
 * platform's authorize and token endpoints (/common/oauth2/v2.0/…) and the Bing Ads API v13 REST
 * services, each under its own root as on its own host: /CustomerManagement/v13 (User, AccountsInfo,
 * Account), /CampaignManagement/v13 (Campaigns; AdGroups, Ads and MediaMetaData in microsoft-ads-ads.ts; ConversionGoals in microsoft-ads-conversions.ts) and /Reporting/v13 (GenerateReport Submit/Poll),
 * plus /ReportDownload/<id>.zip, the pre-signed download a finished report points at (a ZIP with a CSV).
 */

export interface MicrosoftAdsSandboxOptions {
  /** Polls a report answers Pending before it is ready (default 1, so clients exercise polling). */
  pendingPolls?: number;
}

export function createMicrosoftAdsSandbox(kit: SandboxKit, options: MicrosoftAdsSandboxOptions = {}): Hono {
  const pendingPolls = options.pendingPolls ?? 1;
  const reports = new Map<string, ReportJob>();
  const app = new Hono();
  const scope = createMicrosoftScope(kit);
  registerMicrosoftOAuth(app, kit);
  registerMicrosoftCampaigns(app, kit, scope);
  registerMicrosoftAds(app, kit, scope);
  registerMicrosoftConversionGoals(app, kit, scope);
  registerMicrosoftReporting(app, kit, scope, { pendingPolls, reports });
  return app;
}
