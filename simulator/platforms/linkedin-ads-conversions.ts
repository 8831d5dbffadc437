import { createHash } from "node:crypto";
import type { Hono } from "hono";
import { splitInteger } from "../market/ads.ts";
import type { SandboxKit, SimAccount, SimConversionAction, SimConversionCategory } from "../sandbox-kit.ts";
import { ACCOUNT_URN, type ApiEnv, CAMPAIGN_URN, linkedInError, PLATFORM } from "./linkedin-ads-common.ts";
import { parseRestliValue, RestliSyntaxError, readRawQuery } from "./linkedin-ads-restli.ts";

/**
 * LinkedIn conversion rules: GET /rest/conversions?q=account&account=<account URN> (offset paging
 * with start and count, default 10, answering paging.total), each rule with its type, attribution
 * windows in days, whether it is enabled and the campaigns it counts for. A disabled rule stays
 * listed; it tracks nothing. By conversion (adAnalytics pivots CAMPAIGN and CONVERSION) a rule is
 * `urn:lla:llaPartnerConversion:<id>`.
 */

const CONVERSION_URN = "urn:lla:llaPartnerConversion:";
const DEFAULT_COUNT = 10;
const MAX_COUNT = 100;

const TYPES: Record<SimConversionCategory, string> = {
  purchase: "PURCHASE",
  lead: "LEAD",
  sign_up: "SIGN_UP",
  add_to_cart: "ADD_TO_CART",
  begin_checkout: "START_CHECKOUT",
  page_view: "KEY_PAGE_VIEW",
  phone_call: "PHONE_CALL",
  other: "OTHER",
};

interface LinkedInRule extends SimConversionAction {
  enabled: boolean;
}

/** A rule the account switched off: the purchase rule of an old insight tag. */
function disabledRuleOf(account: SimAccount): LinkedInRule {
  const digits = BigInt(`0x${createHash("sha256").update(`disabled-rule:${account.id}`).digest("hex").slice(0, 12)}`);
  return {
    id: ((digits % 90_000_000n) + 10_000_000n).toString(),
    name: "Purchase (old tag)",
    category: "purchase",
    counted: false,
    clickWindowDays: 30,
    viewWindowDays: 7,
    enabled: false,
  };
}

async function rulesOf(kit: SandboxKit, tenant: string, account: SimAccount): Promise<LinkedInRule[]> {
  const live = await kit.engine.listConversionActions(tenant, PLATFORM, account.id);
  return [...live.map((action) => ({ ...action, enabled: true })), disabledRuleOf(account)];
}

export function registerLinkedInConversions(api: Hono<ApiEnv>, kit: SandboxKit): void {
  api.get("/conversions", async (c) => {
    const tenant = c.get("tenant");
    const params = readRawQuery(c.req.url);
    if (params.get("q") !== "account") return linkedInError(c, 400, "Invalid finder: use q=account.");
    let urn: unknown;
    try {
      urn = parseRestliValue(params.get("account") ?? "");
    } catch (error) {
      if (error instanceof RestliSyntaxError) return linkedInError(c, 400, `Invalid query parameter: ${error.message}`);
      throw error;
    }
    const accountId = typeof urn === "string" && urn.startsWith(ACCOUNT_URN) ? urn.slice(ACCOUNT_URN.length) : null;
    if (accountId === null) return linkedInError(c, 400, "account must be an urn:li:sponsoredAccount URN.");
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === accountId);
    if (!account)
      return linkedInError(c, 403, `Not enough permissions to access: conversions of ${String(urn)}`, {
        serviceErrorCode: 100,
      });
    const start = Number(params.get("start") ?? "0");
    const count = Number(params.get("count") ?? String(DEFAULT_COUNT));
    if (!Number.isSafeInteger(start) || start < 0) return linkedInError(c, 400, "start must be a whole number ≥ 0.");
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_COUNT)
      return linkedInError(c, 400, `count must be between 1 and ${MAX_COUNT}.`);
    const rules = await rulesOf(kit, tenant, account);
    const campaigns = (await kit.engine.listCampaigns(tenant, PLATFORM, account.id)).map(
      (campaign) => `${CAMPAIGN_URN}${campaign.id}`,
    );
    const elements = rules.slice(start, start + count).map((rule) => ({
      id: Number(rule.id),
      name: rule.name,
      type: TYPES[rule.category],
      account: `${ACCOUNT_URN}${account.id}`,
      enabled: rule.enabled,
      conversionMethod: "INSIGHT_TAG",
      attributionType: "LAST_TOUCH_BY_CAMPAIGN",
      postClickAttributionWindowSize: rule.clickWindowDays,
      viewThroughAttributionWindowSize: rule.viewWindowDays,
      campaigns: rule.enabled ? campaigns : [],
      value: { currencyCode: account.currency, amount: "0" },
    }));
    return c.json({ elements, paging: { start, count, total: rules.length, links: [] } });
  });
}

/**
 * One row per campaign, day and rule, by date then campaign then rule. A campaign-day's whole
 * conversions (as the CAMPAIGN pivot reports them) are shared out over its rules in proportion to
 * their counts, so each rule's count is whole and they add up; the value is exact as it is.
 */
export async function conversionAnalyticsRows(
  kit: SandboxKit,
  tenant: string,
  accountId: string,
  range: { from: string; to: string },
) {
  const days = await kit.engine.conversionDailyMetrics(tenant, PLATFORM, accountId, range);
  const byCampaignDay = new Map<string, typeof days>();
  for (const day of days) {
    const key = `${day.date}|${day.campaignId}`;
    const list = byCampaignDay.get(key);
    if (list) list.push(day);
    else byCampaignDay.set(key, [day]);
  }
  const rows = [];
  for (const key of [...byCampaignDay.keys()].sort()) {
    const group = byCampaignDay.get(key)!.sort((a, b) => a.actionId.localeCompare(b.actionId));
    const cents = group.map((day) => Math.round(day.conversions * 100));
    const whole = splitInteger(Math.round(cents.reduce((sum, value) => sum + value, 0) / 100), cents);
    for (const [index, day] of group.entries()) {
      if (whole[index] === 0 && day.conversionValueMinor === 0) continue;
      rows.push({
        date: day.date,
        pivotValues: [`${CAMPAIGN_URN}${day.campaignId}`, `${CONVERSION_URN}${day.actionId}`],
        impressions: 0,
        clicks: 0,
        spendMinor: 0,
        videoViews: 0,
        wholeConversions: whole[index]!,
        conversionValueMinor: day.conversionValueMinor,
      });
    }
  }
  return rows;
}
