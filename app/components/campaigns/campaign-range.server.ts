import type { ViewerContext } from "#core/accounts/get-viewer.ts";
import { dateRangeFromSearchParams, type ResolvedDateRange } from "#core/analytics/date-range.ts";
import { type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";

/**
 * The range a campaigns page or export shows: from its query string, relative to today on the ads
 * clock (the sandbox's, when it was moved ahead) in the viewer's time zone.
 */
export async function analyticsRangeFor(
  viewer: Pick<ViewerContext, "profile">,
  services: { adsClock: AdsClock },
  searchParams: URLSearchParams,
): Promise<{ today: CalendarDate; range: ResolvedDateRange }> {
  const today = calendarDateIn(viewer.profile?.timezone ?? "UTC", await services.adsClock.now());
  return { today, range: dateRangeFromSearchParams(searchParams, today) };
}
