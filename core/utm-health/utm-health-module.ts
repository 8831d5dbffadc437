/**
 * The UTM health check's use cases: the share of ads tagged for store attribution with the ads that
 * are not ("workspace.read"), and the one-click fix that sets their URL suffix on the platform
 * ("campaigns.change", like every other write to a platform). Both work in the actor's organization.
 * Without a range: the last 30 days by the ads clock.
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { resolveDateRange } from "#core/analytics/date-range.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { OpenAdPlatform } from "#core/campaigns/platform-target.ts";
import type { Database } from "#core/db/schema.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { fixAdUtm } from "./fix-ad-utm.ts";
import { getUtmHealth } from "./get-utm-health.ts";
import { createUtmHealthRepository } from "./utm-health-repository.ts";
import { type FixAdUtmInput, parseFixInput } from "./utm-health-schemas.ts";

export interface UtmHealthModuleDeps {
  db: Kysely<Database>;
  /** The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo. */
  clock: { now(): Promise<Date> };
  /** The connections slice's way onto an ad platform, with the retry policy of changes a person waits for. */
  openAdPlatform: OpenAdPlatform;
  audit?: AuditLog;
}

export function createUtmHealthModule({ db, clock, openAdPlatform, audit = createAuditLog(db) }: UtmHealthModuleDeps) {
  const utmHealth = createUtmHealthRepository(db);
  const rangeOf = async (range: DateRange | undefined): Promise<DateRange> => {
    const { from, to } = resolveDateRange(range ?? {}, (await clock.now()).toISOString().slice(0, 10));
    return { from, to };
  };
  return {
    getUtmHealth: useCase("workspace.read", async (actor, input: { range?: DateRange } = {}) =>
      getUtmHealth({ utmHealth }, actor, { range: await rangeOf(input.range) }),
    ),
    fixAdUtm: useCase("campaigns.change", (actor, input: FixAdUtmInput) =>
      fixAdUtm({ utmHealth, openAdPlatform, audit }, actor, parseFixInput(input)),
    ),
  };
}

export type UtmHealthModule = ReturnType<typeof createUtmHealthModule>;
