import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { type GetScopeTotals, getGoalProgress } from "./get-goal-progress.ts";
import { getGoals, type ListIntegrations } from "./get-goals.ts";
import { createGoalRepository } from "./goal-repository.ts";
import { setGoals } from "./set-goals.ts";

export interface GoalsModuleDependencies {
  db: Kysely<Database>;
  /** The connections slice's use case: which platforms the goals form offers. */
  listIntegrations: ListIntegrations;
  /** The analytics slice's KPIs per scope: what goals are measured against. */
  getScopeTotals: GetScopeTotals;
  /** Where saving the goals is recorded (the organization's audit log). */
  audit?: AuditLog;
}

/** The organization's goals: a target ROAS or CPA and a monthly budget, overall and per ad platform. */
export function createGoalsModule({
  db,
  listIntegrations,
  getScopeTotals,
  audit = createAuditLog(db),
}: GoalsModuleDependencies) {
  const goals = createGoalRepository(db);
  return {
    /** What the goals form opens with: the saved goals and the connected ad platforms. */
    getGoals: useCase("workspace.read", (actor) => getGoals({ goals, listIntegrations }, actor)),
    /** Each goal against the month so far (to `today`, the viewer's date): budget pacing and target (the dashboard). */
    getGoalProgress: useCase("workspace.read", (actor, input: { today: CalendarDate }) =>
      getGoalProgress({ goals, getScopeTotals }, actor, input),
    ),
    /**
     * Replaces the organization's goals with the form's (untrusted) values, kept in `currency`,
     * the saving person's profile currency.
     */
    setGoals: useCase("goals.manage", async (actor, input: { currency: string; form: unknown }) => {
      const saved = await setGoals({ goals }, { organizationId: actor.organizationId, userId: actor.id, ...input });
      await audit.record(actor, {
        action: "goals.updated",
        target: { type: "goals", id: actor.organizationId, label: "Goals" },
        details: { goals: saved.length, currency: input.currency },
      });
      return saved;
    }),
  };
}

export type GoalsModule = ReturnType<typeof createGoalsModule>;
