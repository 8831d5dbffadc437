/**
 * The hand-computed scenario the analytics use-case tests share. Range: 2026-03-08 … 2026-03-14
 * (7 days); previous period: 2026-03-01 … 2026-03-07.
 *
 * | campaign       | platform / account      | status  | budget | range: imp  clicks spend  conv rev    | previous           |
 * | Brand Search   | google-ads "Search US"  | enabled | 10,000 | 3,000  150   15,000 5    30,000       | 1,000 100 5,000 5 20,000 |
 * | Generic Search | google-ads "Search US"  | paused  | none   | 4,000  40    2,000  0    0            | –                  |
 * | Old Promo      | google-ads "Search US"  | removed | 5,000  | 0      0     1,000  0    0            | –                  |
 * | Retargeting    | facebook-ads "Meta EU"  | enabled | 3,000  | 10,000 500   7,500  2.5  50,000 (EUR) | –                  |
 * | Prospecting    | facebook-ads "Meta EU"  | enabled | 5,000  | no data                           | –                  |
 * Around them: an unmanaged Microsoft account, a disconnected LinkedIn connection and another
 * organization, none of which may ever show.
 */
import type { AnalyticsFixture } from "./analytics-test-fixture.ts";

export const RANGE = { from: "2026-03-08", to: "2026-03-14" };
export const PREVIOUS = { from: "2026-03-01", to: "2026-03-07" };

export interface Scenario {
  organizationId: string;
  otherOrganizationId: string;
  googleAccountId: string;
  metaAccountId: string;
  brand: string;
  generic: string;
  oldPromo: string;
  retargeting: string;
  prospecting: string;
  unmanaged: string;
  disconnected: string;
  theirs: string;
}

export async function seedScenario(fixture: AnalyticsFixture): Promise<Scenario> {
  const organizationId = await fixture.newOrganization();
  const otherOrganizationId = await fixture.newOrganization();
  const google = await fixture.seedAccount({
    organizationId,
    platform: "google-ads",
    accountName: "Search US",
    campaigns: [
      {
        name: "Brand Search",
        dailyBudgetMinor: 10_000,
        days: {
          "2026-03-01": { impressions: 1_000, clicks: 100, spendMinor: 5_000, conversions: 5, revenueMinor: 20_000 },
          "2026-03-10": { impressions: 2_000, clicks: 100, spendMinor: 10_000, conversions: 4, revenueMinor: 30_000 },
          "2026-03-11": { impressions: 1_000, clicks: 50, spendMinor: 5_000, conversions: 1, revenueMinor: 0 },
          // After the range: never counted in it.
          "2026-03-15": { impressions: 9_999, clicks: 999, spendMinor: 99_999, conversions: 9, revenueMinor: 99_999 },
        },
      },
      {
        name: "Generic Search",
        status: "paused",
        dailyBudgetMinor: null,
        days: { "2026-03-10": { impressions: 4_000, clicks: 40, spendMinor: 2_000 } },
      },
      { name: "Old Promo", status: "removed", days: { "2026-03-10": { spendMinor: 1_000 } } },
    ],
  });
  const meta = await fixture.seedAccount({
    organizationId,
    platform: "facebook-ads",
    currency: "EUR",
    accountName: "Meta EU",
    campaigns: [
      {
        name: "Retargeting",
        dailyBudgetMinor: 3_000,
        days: {
          "2026-03-12": { impressions: 10_000, clicks: 500, spendMinor: 7_500, conversions: 2.5, revenueMinor: 50_000 },
        },
      },
      { name: "Prospecting", dailyBudgetMinor: 5_000 },
    ],
  });
  const unmanaged = await fixture.seedAccount({
    organizationId,
    platform: "microsoft-ads",
    isManaged: false,
    campaigns: [{ name: "Bing Brand", days: { "2026-03-10": { spendMinor: 4_444 } } }],
  });
  const disconnected = await fixture.seedAccount({
    organizationId,
    platform: "linkedin-ads",
    connectionStatus: "disconnected",
    campaigns: [{ name: "B2B Leads", days: { "2026-03-10": { spendMinor: 3_333 } } }],
  });
  const theirs = await fixture.seedAccount({
    organizationId: otherOrganizationId,
    platform: "google-ads",
    campaigns: [{ name: "Brand Search", days: { "2026-03-10": { spendMinor: 7_777, revenueMinor: 1 } } }],
  });
  const [brand, generic, oldPromo] = google.campaignIds as [string, string, string];
  const [retargeting, prospecting] = meta.campaignIds as [string, string];
  return {
    organizationId,
    otherOrganizationId,
    googleAccountId: google.adAccountId,
    metaAccountId: meta.adAccountId,
    brand,
    generic,
    oldPromo,
    retargeting,
    prospecting,
    unmanaged: unmanaged.campaignIds[0] as string,
    disconnected: disconnected.campaignIds[0] as string,
    theirs: theirs.campaignIds[0] as string,
  };
}
