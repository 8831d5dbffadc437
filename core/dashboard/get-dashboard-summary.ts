import { calendarDateIn, trailingDays } from "../dates/calendar-date.ts";
import type { DashboardRepository, MoneyTotal } from "./dashboard-repository.ts";

/** The dashboard's Total Spend covers this many days, today included. */
export const SPEND_WINDOW_DAYS = 30;

export interface DashboardSummary {
  campaigns: number;
  platforms: number;
  /** Spend of the last 30 days per currency; the viewer's own currency first, zero when nothing was spent. */
  totalSpend: MoneyTotal[];
  period: { from: string; to: string };
}

/**
 * The dashboard's three cards for one organization: managed campaigns, spend of the last 30 days
 * (ending today in the viewer's time zone) and connected platforms.
 */
export async function getDashboardSummary(
  { dashboard }: { dashboard: DashboardRepository },
  input: { organizationId: string; timeZone: string; currency: string; now: Date },
): Promise<DashboardSummary> {
  const period = trailingDays(calendarDateIn(input.timeZone, input.now), SPEND_WINDOW_DAYS);
  const counts = await dashboard.counts(input.organizationId, period);
  const ownFirst = [...counts.spend].sort(
    (a, b) => Number(b.currency === input.currency) - Number(a.currency === input.currency),
  );
  return {
    campaigns: counts.managedCampaigns,
    platforms: counts.connectedPlatforms,
    totalSpend: ownFirst.length > 0 ? ownFirst : [{ currency: input.currency, amountMinor: 0 }],
    period,
  };
}
