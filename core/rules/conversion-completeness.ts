/**
 * The lag model as other slices use it: how complete a platform's conversions of a day are
 * expected to be at an age, measured for the organization today (monitoring judges CPA, ROAS and
 * conversions on mature days with it).
 */
import type { Kysely } from "kysely";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import { completenessAt, lagCurveOf } from "./conversion-lag.ts";
import { measureConversionLag } from "./rule-metrics-repository.ts";

export function createConversionCompleteness({ db, clock }: { db: Kysely<Database>; clock: AdsClock }) {
  return async (organizationId: string) => {
    const today = calendarDateIn(await organizationTimeZone(db, organizationId), await clock.now());
    const model = await measureConversionLag(db, organizationId, today);
    return (platform: string) => {
      if (!isAdPlatform(platform)) return () => 1;
      const curve = lagCurveOf(model, platform);
      return (ageDays: number) => completenessAt(curve, ageDays);
    };
  };
}
