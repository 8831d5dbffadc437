import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, GoalTable } from "#core/db/schema.ts";
import type { GoalTargetKind } from "#core/shared/domain-enums.ts";
import { GOAL_SCOPES, type GoalScope } from "./goal-schema.ts";

/** One goal of an organization: for all of it ("organization") or for one ad platform. */
export interface Goal {
  scope: GoalScope;
  targetKind: GoalTargetKind | null;
  targetRoas: number | null;
  targetCpaMinor: number | null;
  monthlyBudgetMinor: number | null;
  currency: string;
  updatedAt: string;
}

export type GoalValues = Omit<Goal, "updatedAt">;

export interface GoalRepository {
  /** The organization's goals, the organization's own first, then the platforms in catalogue order. */
  list(organizationId: string): Promise<Goal[]>;
  /** Makes `goals` the organization's whole set: scopes left out are deleted. */
  replaceAll(organizationId: string, goals: GoalValues[], updatedBy: string): Promise<void>;
}

const scopeOrder = (scope: string) => GOAL_SCOPES.indexOf(scope as GoalScope);

function toGoal(row: Selectable<GoalTable>): Goal {
  return {
    scope: row.scope as GoalScope,
    targetKind: row.target_kind,
    targetRoas: row.target_roas == null ? null : Number(row.target_roas),
    // bigint columns read as strings on PostgreSQL.
    targetCpaMinor: row.target_cpa_minor == null ? null : Number(row.target_cpa_minor),
    monthlyBudgetMinor: row.monthly_budget_minor == null ? null : Number(row.monthly_budget_minor),
    currency: row.currency,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function createGoalRepository(db: Kysely<Database>): GoalRepository {
  return {
    async list(organizationId) {
      const rows = await db.selectFrom("goals").selectAll().where("organization_id", "=", organizationId).execute();
      return rows.map(toGoal).sort((a, b) => scopeOrder(a.scope) - scopeOrder(b.scope));
    },

    async replaceAll(organizationId, goals, updatedBy) {
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        const kept = goals.map((goal) => goal.scope);
        let removal = trx.deleteFrom("goals").where("organization_id", "=", organizationId);
        if (kept.length > 0) removal = removal.where("scope", "not in", kept);
        await removal.execute();
        for (const goal of goals) {
          const values = {
            target_kind: goal.targetKind,
            target_roas: goal.targetRoas,
            target_cpa_minor: goal.targetCpaMinor,
            monthly_budget_minor: goal.monthlyBudgetMinor,
            currency: goal.currency,
            updated_by: updatedBy,
            updated_at: now,
          };
          await trx
            .insertInto("goals")
            .values({
              id: randomUUID(),
              organization_id: organizationId,
              scope: goal.scope,
              created_at: now,
              ...values,
            })
            .onConflict((conflict) => conflict.columns(["organization_id", "scope"]).doUpdateSet(values))
            .execute();
        }
      });
    },
  };
}
