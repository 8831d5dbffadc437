/**
 * The conversions slice's use cases: the conversion settings page's list (a read), and the two
 * changes, which need "conversions.manage" (admins and managers) and are audit-logged.
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { createConversionsRepository } from "./conversions-repository.ts";
import { listConversionActions } from "./list-conversion-actions.ts";
import { setConversionCounted } from "./set-conversion-counted.ts";
import { setRevenueTruth } from "./set-revenue-truth.ts";

/** The counts beside each action cover this many days. */
export const RECENT_DAYS = 30;

export interface ConversionsModuleDeps {
  db: Kysely<Database>;
  /** The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo. */
  clock: { now(): Promise<Date> };
}

export function createConversionsModule({ db, clock }: ConversionsModuleDeps) {
  const deps = { conversions: createConversionsRepository(db), audit: createAuditLog(db) };
  return {
    listConversionActions: useCase("workspace.read", async (actor) => {
      const to = (await clock.now()).toISOString().slice(0, 10);
      return listConversionActions(deps, actor, { range: { from: addDays(to, -(RECENT_DAYS - 1)), to } });
    }),
    setConversionCounted: useCase("conversions.manage", (actor, input: unknown) =>
      setConversionCounted(deps, actor, input),
    ),
    setRevenueTruth: useCase("conversions.manage", (actor, input: unknown) => setRevenueTruth(deps, actor, input)),
  };
}

export type ConversionsModule = ReturnType<typeof createConversionsModule>;
