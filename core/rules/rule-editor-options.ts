/**
 * What the rule editor offers: the connected ad platforms and their visible ad accounts, the labels
 * in use, the organization's time zone and currency, its goals' targets (for "× target CPA"), and
 * each platform's conversion lag curve.
 */
import type { Kysely } from "kysely";
import { visibleAccounts } from "#core/campaigns/visible-campaigns.ts";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { type AdPlatformId, isAdPlatform } from "#core/shared/platforms.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import { type LagCurve, lagCurveOf } from "./conversion-lag.ts";
import { measureConversionLag } from "./rule-metrics-repository.ts";

export interface RuleEditorOptions {
  platforms: AdPlatformId[];
  adAccounts: Array<{ id: string; name: string; platform: AdPlatformId; currency: string }>;
  labels: string[];
  /** The currency most of the ad accounts use: amounts in the editor are typed in it. */
  currency: string;
  timeZone: string;
  goals: { targetCpaMinor: number | null; targetRoas: number | null; currency: string | null };
  lag: LagCurve[];
}

export async function getRuleEditorOptions(
  deps: { db: Kysely<Database>; clock: AdsClock },
  organizationId: string,
  fallbackCurrency: string,
): Promise<RuleEditorOptions> {
  const { db } = deps;
  const [accounts, labels, goal, timeZone] = await Promise.all([
    visibleAccounts(db, organizationId)
      .select(["a.id", "a.name", "a.currency", "n.platform"])
      .orderBy("n.platform")
      .orderBy("a.name")
      .execute(),
    db
      .selectFrom("campaign_labels")
      .select("label")
      .distinct()
      .where("organization_id", "=", organizationId)
      .orderBy("label")
      .execute(),
    db
      .selectFrom("goals")
      .select(["target_kind", "target_cpa_minor", "target_roas", "currency"])
      .where("organization_id", "=", organizationId)
      .where("scope", "=", "organization")
      .executeTakeFirst(),
    organizationTimeZone(db, organizationId),
  ]);
  const adAccounts = accounts
    .filter((account) => isAdPlatform(account.platform))
    .map((account) => ({
      id: account.id,
      name: account.name,
      platform: account.platform as AdPlatformId,
      currency: account.currency,
    }));
  const platforms = [...new Set(adAccounts.map((account) => account.platform))];
  const counts = new Map<string, number>();
  for (const account of adAccounts) counts.set(account.currency, (counts.get(account.currency) ?? 0) + 1);
  const currency = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallbackCurrency;
  const model = await measureConversionLag(db, organizationId, calendarDateIn(timeZone, await deps.clock.now()));
  return {
    platforms,
    adAccounts,
    labels: labels.map((row) => row.label),
    currency,
    timeZone,
    goals: {
      targetCpaMinor:
        goal?.target_kind === "cpa" && goal.target_cpa_minor != null ? Number(goal.target_cpa_minor) : null,
      targetRoas: goal?.target_kind === "roas" ? goal.target_roas : null,
      currency: goal?.currency ?? null,
    },
    lag: platforms.map((platform) => lagCurveOf(model, platform)),
  };
}
