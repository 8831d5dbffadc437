import { createRoute } from "@hono/zod-openapi";
import { AppError } from "#core/errors/app-error.ts";
import {
  createRuleBodySchema,
  listRuleRunsQuerySchema,
  ruleEnvelopeSchema,
  ruleIdParamsSchema,
  ruleListSchema,
  rulePreviewSchema,
  ruleRunEnvelopeSchema,
  ruleRunListSchema,
  updateRuleBodySchema,
} from "#core/public-api/rule-schemas.ts";
import {
  fromWireDefinition,
  toWireFieldPath,
  toWireRule,
  toWireRun,
  toWireRunSummary,
} from "#core/public-api/rule-wire.ts";

import type { RulesModule } from "#core/rules/rules-module.ts";
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
  rateLimitHeaders,
  replayedHeaders,
  security,
  WRITE_ERRORS,
} from "./route-docs.ts";

const tags = ["Rules"];
const json = jsonResponse;

const listRoute = createRoute({
  method: "get",
  path: "/rules",
  operationId: "listRules",
  tags,
  summary: "List rules",
  description: "Every automation rule of your organization, newest first, with its last run.",
  security,
  responses: { 200: json(ruleListSchema, "The rules."), ...errorResponses(READ_ERRORS) },
});

const createRuleRoute = createRoute({
  method: "post",
  path: "/rules",
  operationId: "createRule",
  tags,
  summary: "Create a rule",
  description:
    "Creates a rule in preview mode: it records what it would do on its schedule and acts only once you set its status to active.",
  security,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { "application/json": { schema: createRuleBodySchema } } },
  },
  responses: { 201: json(ruleEnvelopeSchema, "The rule.", replayedHeaders), ...errorResponses(WRITE_ERRORS) },
});

const getRoute = createRoute({
  method: "get",
  path: "/rules/{id}",
  operationId: "getRule",
  tags,
  summary: "Get a rule",
  description: "One rule of your organization.",
  security,
  request: { params: ruleIdParamsSchema },
  responses: { 200: json(ruleEnvelopeSchema, "The rule."), ...errorResponses(READ_ERRORS) },
});

const updateRoute = createRoute({
  method: "put",
  path: "/rules/{id}",
  operationId: "updateRule",
  tags,
  summary: "Update a rule",
  description: "Changes the name, the definition or the status (preview, active, paused). Send at least one.",
  security,
  request: {
    params: ruleIdParamsSchema,
    headers: idempotencyKeyHeader,
    body: { required: true, content: { "application/json": { schema: updateRuleBodySchema } } },
  },
  responses: {
    200: json(ruleEnvelopeSchema, "The rule after the change.", replayedHeaders),
    ...errorResponses(WRITE_ERRORS),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/rules/{id}",
  operationId: "deleteRule",
  tags,
  summary: "Delete a rule",
  description: "Deletes the rule and its run history. Changes it made stay in the change log.",
  security,
  request: { params: ruleIdParamsSchema },
  responses: { 204: { description: "Deleted.", headers: rateLimitHeaders }, ...errorResponses(WRITE_ERRORS) },
});

const previewRoute = createRoute({
  method: "post",
  path: "/rules/{id}/preview",
  operationId: "previewRule",
  tags,
  summary: "Preview a rule",
  description:
    "What the rule would do right now, per campaign, with each condition's evaluated values. Acts on nothing.",
  security,
  request: { params: ruleIdParamsSchema },
  responses: { 200: json(rulePreviewSchema, "The preview."), ...errorResponses(READ_ERRORS) },
});

const runRoute = createRoute({
  method: "post",
  path: "/rules/{id}/run",
  operationId: "runRule",
  tags,
  summary: "Run a rule now",
  description:
    "Runs the rule once, now. An active rule acts (its changes are in the change log, with the rule as their author); a rule in preview records what it would do.",
  security,
  request: { params: ruleIdParamsSchema, headers: idempotencyKeyHeader },
  responses: {
    200: json(ruleRunEnvelopeSchema, "The run with each campaign's trace.", replayedHeaders),
    ...errorResponses(WRITE_ERRORS),
  },
});

const runsRoute = createRoute({
  method: "get",
  path: "/rules/{id}/runs",
  operationId: "listRuleRuns",
  tags,
  summary: "List a rule's runs",
  description: "The rule's runs, newest first.",
  security,
  request: { params: ruleIdParamsSchema, query: listRuleRunsQuerySchema },
  responses: { 200: json(ruleRunListSchema, "A page of runs."), ...errorResponses(READ_ERRORS) },
});

/** The field errors of the rules slice as one API sentence that names the field. */
async function withFieldNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fieldErrors =
      error instanceof AppError ? (error.details?.fieldErrors as Record<string, string> | undefined) : undefined;
    const first = fieldErrors ? Object.entries(fieldErrors)[0] : undefined;
    if (error instanceof AppError && first)
      throw new AppError(error.code, `${toWireFieldPath(first[0])}: ${first[1]}`, error.details);
    throw error;
  }
}

/** The rules endpoints: thin, each calls one of the rules module's use cases as the request's key. */
export function registerRuleRoutes(
  api: ApiApp,
  rulesOf: () => RulesModule,
  writeGuards: { idempotency: ReturnType<typeof idempotency> },
) {
  const manage = [requirePrincipal, requirePermission("rules.manage"), requireJsonBody, writeGuards.idempotency];

  api.openapi({ ...listRoute, middleware: [requirePrincipal] }, async (c) => {
    const rules = await rulesOf().listRules(actorOfKey(c));
    return c.json({ data: rules.map(toWireRule) }, 200);
  });

  api.openapi({ ...createRuleRoute, middleware: manage }, async (c) => {
    const body = c.req.valid("json");
    const rule = await withFieldNames(() =>
      rulesOf().createRule(actorOfKey(c), {
        name: body.name,
        definition: fromWireDefinition(body.definition),
        template: body.template,
      }),
    );
    return c.json({ data: toWireRule(rule) }, 201);
  });

  api.openapi({ ...getRoute, middleware: [requirePrincipal] }, async (c) => {
    const rule = await rulesOf().getRule(actorOfKey(c), c.req.valid("param").id);
    return c.json({ data: toWireRule(rule) }, 200);
  });

  api.openapi({ ...updateRoute, middleware: manage }, async (c) => {
    const actor = actorOfKey(c);
    const ruleId = c.req.valid("param").id;
    const body = c.req.valid("json");
    if (body.name === undefined && body.definition === undefined && body.status === undefined)
      throw new AppError("unprocessable_entity", "Send at least one of name, definition and status.");
    const rules = rulesOf();
    let rule = await rules.getRule(actor, ruleId);
    if (body.name !== undefined || body.definition !== undefined)
      rule = await withFieldNames(() =>
        rules.updateRule(actor, {
          ruleId,
          name: body.name ?? rule.name,
          definition: body.definition !== undefined ? fromWireDefinition(body.definition) : rule.definition,
        }),
      );
    if (body.status !== undefined && body.status !== rule.status)
      rule = await rules.setRuleStatus(actor, { ruleId, status: body.status });
    return c.json({ data: toWireRule(rule) }, 200);
  });

  api.openapi({ ...deleteRoute, middleware: [requirePrincipal, requirePermission("rules.manage")] }, async (c) => {
    await rulesOf().deleteRule(actorOfKey(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  api.openapi({ ...previewRoute, middleware: [requirePrincipal] }, async (c) => {
    const preview = await rulesOf().previewRule(actorOfKey(c), { ruleId: c.req.valid("param").id });
    const wire = toWireRun({
      id: "preview",
      ruleId: c.req.valid("param").id,
      trigger: "api",
      mode: "preview",
      status: "succeeded",
      actorLabel: "",
      counts: preview.counts,
      message: null,
      tracesPruned: false,
      startedAt: preview.generatedAt,
      finishedAt: preview.generatedAt,
      campaigns: preview.campaigns,
    });
    return c.json(
      {
        data: {
          generated_at: preview.generatedAt,
          today: preview.today,
          time_zone: preview.timeZone,
          counts: wire.counts,
          campaigns: wire.campaigns,
        },
      },
      200,
    );
  });

  api.openapi(
    { ...runRoute, middleware: [requirePrincipal, requirePermission("rules.run"), writeGuards.idempotency] },
    async (c) => {
      const run = await rulesOf().runRuleNow(actorOfKey(c), { ruleId: c.req.valid("param").id, trigger: "api" });
      return c.json({ data: toWireRun(run) }, 200);
    },
  );

  api.openapi({ ...runsRoute, middleware: [requirePrincipal] }, async (c) => {
    const query = c.req.valid("query");
    const page = await rulesOf().listRuleRuns(actorOfKey(c), {
      ruleId: c.req.valid("param").id,
      limit: query.limit,
      cursor: query.cursor || null,
    });
    return c.json({ data: page.runs.map(toWireRunSummary), next_cursor: page.nextCursor }, 200);
  });
}
