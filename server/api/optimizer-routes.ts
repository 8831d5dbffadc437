import { createRoute } from "@hono/zod-openapi";
import type { OptimizerModule } from "#core/optimizer/optimizer-module.ts";
import {
  applyResultEnvelopeSchema,
  calibrationEnvelopeSchema,
  optimizerRunEnvelopeSchema,
  recommendationEnvelopeSchema,
  recommendationIdParamsSchema,
  recommendationListSchema,
} from "#core/public-api/optimizer-schemas.ts";
import {
  toWireApplied,
  toWireCalibration,
  toWireOptimizerRun,
  toWireRecommendation,
} from "#core/public-api/optimizer-wire.ts";
import type { ApiApp } from "./api-app.ts";
import { actorOfKey, type idempotency, requirePermission, requirePrincipal } from "./request-guards.ts";
import {
  errorResponses,
  idempotencyKeyHeader,
  jsonResponse,
  READ_ERRORS,
  replayedHeaders,
  security,
  WRITE_ERRORS,
} from "./route-docs.ts";

const tags = ["Optimizer"];
const json = jsonResponse;

const listRoute = createRoute({
  method: "get",
  path: "/optimizer/recommendations",
  operationId: "listRecommendations",
  tags,
  summary: "List open recommendations",
  description:
    "The optimizer's open budget recommendations, the largest predicted gain first: each with today's and the recommended daily budget, the predicted change of the daily outcome with its 80% interval, the predicted CPA or ROAS before and after, a confidence and the reasons.",
  security,
  responses: { 200: json(recommendationListSchema, "The open recommendations."), ...errorResponses(READ_ERRORS) },
});

const generateRoute = createRoute({
  method: "post",
  path: "/optimizer/recommendations",
  operationId: "generateRecommendations",
  tags,
  summary: "Ask for recommendations",
  description:
    "Fits each campaign's response to spend on its synced history, spreads the budget plan's daily budget under its guardrails, and returns the run with its recommendations. Earlier open recommendations are superseded. Nothing changes on the platforms until a recommendation is applied.",
  security,
  request: { headers: idempotencyKeyHeader },
  responses: {
    200: json(
      optimizerRunEnvelopeSchema,
      "The run; run is null when the optimizer cannot work yet (see readiness).",
      replayedHeaders,
    ),
    ...errorResponses(WRITE_ERRORS),
  },
});

const applyRoute = createRoute({
  method: "post",
  path: "/optimizer/recommendations/{id}/apply",
  operationId: "applyRecommendation",
  tags,
  summary: "Apply a recommendation",
  description:
    "Sets the campaign's daily budget to the recommended amount on its platform. The change is in the change log with the optimizer as its source, and can be undone there. Applying again changes nothing.",
  security,
  request: { params: recommendationIdParamsSchema, headers: idempotencyKeyHeader },
  responses: {
    200: json(applyResultEnvelopeSchema, "Applied, or failed with the platform's reason.", replayedHeaders),
    ...errorResponses(WRITE_ERRORS),
  },
});

const dismissRoute = createRoute({
  method: "post",
  path: "/optimizer/recommendations/{id}/dismiss",
  operationId: "dismissRecommendation",
  tags,
  summary: "Dismiss a recommendation",
  description: "Takes an open recommendation off the list; it stays in the history as dismissed.",
  security,
  request: { params: recommendationIdParamsSchema, headers: idempotencyKeyHeader },
  responses: {
    200: json(recommendationEnvelopeSchema, "The dismissed recommendation.", replayedHeaders),
    ...errorResponses(WRITE_ERRORS),
  },
});

const calibrationRoute = createRoute({
  method: "get",
  path: "/optimizer/calibration",
  operationId: "getOptimizerCalibration",
  tags,
  summary: "Realised against predicted",
  description:
    "How the optimizer's predictions held on applied recommendations once their outcome days were mature: the share of outcomes inside the predicted 80% interval, the mean absolute error and the bias of the point predictions, per objective.",
  security,
  responses: { 200: json(calibrationEnvelopeSchema, "The calibration."), ...errorResponses(READ_ERRORS) },
});

/** The optimizer endpoints: thin, each calls one of the optimizer module's use cases as the request's key. */
export function registerOptimizerRoutes(
  api: ApiApp,
  optimizerOf: () => OptimizerModule,
  writeGuards: { idempotency: ReturnType<typeof idempotency> },
) {
  const write = [requirePrincipal, requirePermission("optimizer.apply"), writeGuards.idempotency];

  api.openapi({ ...listRoute, middleware: [requirePrincipal] }, async (c) => {
    const open = await optimizerOf().listRecommendations(actorOfKey(c));
    return c.json({ data: open.map(toWireRecommendation) }, 200);
  });

  api.openapi({ ...generateRoute, middleware: write }, async (c) => {
    const result = await optimizerOf().recommendBudgets(actorOfKey(c), { trigger: "api" });
    return c.json({ data: toWireOptimizerRun(result) }, 200);
  });

  api.openapi({ ...applyRoute, middleware: write }, async (c) => {
    const { results } = await optimizerOf().applyRecommendations(actorOfKey(c), { ids: [c.req.valid("param").id] });
    return c.json({ data: toWireApplied(results[0]!) }, 200);
  });

  api.openapi({ ...dismissRoute, middleware: write }, async (c) => {
    const dismissed = await optimizerOf().dismissRecommendation(actorOfKey(c), { id: c.req.valid("param").id });
    return c.json({ data: toWireRecommendation(dismissed) }, 200);
  });

  api.openapi({ ...calibrationRoute, middleware: [requirePrincipal] }, async (c) => {
    const calibration = await optimizerOf().getCalibration(actorOfKey(c));
    return c.json({ data: toWireCalibration(calibration) }, 200);
  });
}
