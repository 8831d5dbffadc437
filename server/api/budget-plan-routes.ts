import { createRoute } from "@hono/zod-openapi";
import type { BudgetsModule } from "#core/budgets/budgets-module.ts";
import { AppError } from "#core/errors/app-error.ts";
import {
  budgetPacingEnvelopeSchema,
  budgetPlanEnvelopeSchema,
  updateBudgetPlanBodySchema,
} from "#core/public-api/budget-plan-schemas.ts";
import {
  fromWireSettings,
  toWireBudgetPlan,
  toWirePacing,
  WIRE_SETTINGS_FIELDS,
} from "#core/public-api/budget-plan-wire.ts";
import type { ApiApp } from "./api-app.ts";
import {
  actorOfKey,
  type idempotency,
  requireJsonBody,
  requirePermission,
  requirePrincipal,
} from "./request-guards.ts";
import {
  errorResponses,
  idempotencyKeyHeader,
  jsonResponse,
  READ_ERRORS,
  replayedHeaders,
  security,
  WRITE_ERRORS,
} from "./route-docs.ts";

const tags = ["Budget plan"];
const json = jsonResponse;

const getPlanRoute = createRoute({
  method: "get",
  path: "/budget-plan",
  operationId: "getBudgetPlan",
  tags,
  summary: "Get the budget plan",
  description:
    "The organization's budget plan: the monthly budget and target (set under Goals), what the optimizer aims for, its guardrails, the groups with their monthly bounds and the campaigns' daily bounds.",
  security,
  responses: { 200: json(budgetPlanEnvelopeSchema, "The plan."), ...errorResponses(READ_ERRORS) },
});

const updatePlanRoute = createRoute({
  method: "put",
  path: "/budget-plan",
  operationId: "updateBudgetPlan",
  tags,
  summary: "Update the budget plan's settings",
  description:
    "Changes the objective, revenue source, mode, pacing curve and guardrails. Settings left out keep their values. The monthly budget and target are set under Goals.",
  security,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { "application/json": { schema: updateBudgetPlanBodySchema } } },
  },
  responses: {
    200: json(budgetPlanEnvelopeSchema, "The plan after the change.", replayedHeaders),
    ...errorResponses(WRITE_ERRORS),
  },
});

const pacingRoute = createRoute({
  method: "get",
  path: "/budget-plan/pacing",
  operationId: "getBudgetPacing",
  tags,
  summary: "Get the month's pacing",
  description:
    "Spend this month against the ideal curve, day by day; the month-end projection with its 80% interval; the status; what today should spend to land on budget; and each group against its bounds.",
  security,
  responses: { 200: json(budgetPacingEnvelopeSchema, "The pacing."), ...errorResponses(READ_ERRORS) },
});

/** The budget plan's field errors as one API sentence that names the field as the API writes it. */
async function withFieldNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fieldErrors =
      error instanceof AppError ? (error.details?.fieldErrors as Record<string, string> | undefined) : undefined;
    const first = fieldErrors ? Object.entries(fieldErrors)[0] : undefined;
    if (error instanceof AppError && first)
      throw new AppError(error.code, `${WIRE_SETTINGS_FIELDS[first[0]] ?? first[0]}: ${first[1]}`, error.details);
    throw error;
  }
}

/** The budget plan endpoints: thin, each calls the budgets module's use cases as the request's key. */
export function registerBudgetPlanRoutes(
  api: ApiApp,
  budgetsOf: () => BudgetsModule,
  writeGuards: { idempotency: ReturnType<typeof idempotency> },
) {
  api.openapi({ ...getPlanRoute, middleware: [requirePrincipal] }, async (c) => {
    const view = await budgetsOf().getBudgetPlan(actorOfKey(c));
    return c.json({ data: toWireBudgetPlan(view) }, 200);
  });

  api.openapi(
    {
      ...updatePlanRoute,
      middleware: [requirePrincipal, requirePermission("budgets.manage"), requireJsonBody, writeGuards.idempotency],
    },
    async (c) => {
      const actor = actorOfKey(c);
      const budgets = budgetsOf();
      const current = await budgets.getBudgetPlan(actor);
      await withFieldNames(() =>
        budgets.saveBudgetPlanSettings(actor, fromWireSettings(c.req.valid("json"), current.plan)),
      );
      return c.json({ data: toWireBudgetPlan(await budgets.getBudgetPlan(actor)) }, 200);
    },
  );

  api.openapi({ ...pacingRoute, middleware: [requirePrincipal] }, async (c) => {
    const pacing = await budgetsOf().getBudgetPacing(actorOfKey(c));
    return c.json({ data: toWirePacing(pacing) }, 200);
  });
}
