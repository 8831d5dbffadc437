/**
 * Conversion settings end to end (issue 20 §3 and §5): the sync stores each account's conversion
 * actions and per campaign-day-action counts from the sandbox, and counting an action the platform
 * does not count ("Add to cart") changes ONE scenario the same way on the dashboard, the campaigns
 * table, API v1 metrics, the daily CSV export and a rule's preview, without a re-sync; turning it
 * back restores the platform's figures exactly. Another organization's numbers never move, and a
 * viewer cannot change the settings.
 */
import { describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { DEFAULT_GUARDRAILS, type RuleDefinition } from "#core/rules/rule-definition.ts";
import { ownerOf, usePublicApiSuite } from "./api/public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call } = suite;

const db = () => suite.world.sandbox.db;
const services = () => suite.main.services;

/** The organization's stored campaign-days, as the analytics read them. */
async function campaignDays(organizationId: string) {
  const rows = await db()
    .selectFrom("campaign_daily_metrics")
    .select(["campaign_id", "date", "conversions", "conversion_value_minor"])
    .where("organization_id", "=", organizationId)
    .orderBy("campaign_id")
    .orderBy("date")
    .execute();
  return rows.map((row) => ({
    ...row,
    conversions: Number(row.conversions),
    value: Number(row.conversion_value_minor),
  }));
}

async function addToCartOf(actor: Actor) {
  const settings = await services().conversions.listConversionActions(actor);
  const google = settings.platforms.find((platform) => platform.platform === "google-ads");
  const action = google?.actions.find((item) => item.name === "Add to cart");
  if (!action) throw new Error("the sandbox's Google Ads account has no Add to cart action");
  return action;
}

/** What every surface says about one campaign over the range (and the rule over its own window). */
async function surfaces(actor: Actor, campaignId: string, range: { from: string; to: string }, ruleId: string) {
  const dashboard = await services().analytics.getDashboardAnalytics(actor, { range, reportingCurrency: "USD" });
  const google = dashboard.byPlatform.find((row) => row.platform === "google-ads");
  const table = await services().analytics.getCampaignTable(actor, {
    range,
    filters: {},
    sort: { key: "spend", direction: "desc" },
    page: 1,
    pageSize: 100,
  });
  const row = table.rows.find((item) => item.id === campaignId);
  const api = await call("GET", `/api/v1/campaigns/${campaignId}/metrics?from=${range.from}&to=${range.to}`);
  expect(api.status).toBe(200);
  const csv = await services().campaigns.exportDailyMetricsCsv(actor, { range, filters: {} });
  const text = await new Response(csv.body).text();
  const preview = await services().rules.previewRule(actor, { ruleId });
  const trace = preview.campaigns.find((item) => item.campaignId === campaignId)?.trace as {
    groups: Array<{ conditions: Array<{ value: number | null; window: { from: string; to: string } }> }>;
  };
  const condition = trace.groups[0]!.conditions[0]!;
  return {
    dashboard: { conversions: google!.current.conversions, revenue: google!.current.revenueMinor },
    table: { conversions: row!.current.conversions, revenue: row!.current.revenueMinor },
    api: { conversions: api.body.data.conversions as number, revenue: api.body.data.revenue.amount_minor as number },
    csv: text,
    rule: { conversions: condition.value, window: condition.window },
  };
}

/** A rule in preview whose one condition reads the campaign's conversions over the last 7 days. */
function conversionsRule(campaignId: string): RuleDefinition {
  return {
    scope: { platforms: ["google-ads"], adAccountIds: [], campaigns: { kind: "list", campaignIds: [campaignId] } },
    conditions: {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [
            {
              metric: "conversions",
              operator: ">=",
              comparand: { kind: "value", value: 0 },
              window: { kind: "last_days", days: 7 },
            },
          ],
        },
      ],
    },
    minimumData: [],
    lag: { excludeImmatureDays: false, completenessThreshold: 0.9 },
    schedule: { kind: "hourly" },
    actions: [{ kind: "pause" }],
    guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 24 },
  };
}

/** Σ of an action's stored counts for a campaign over [from, to]. */
async function actionSums(actionId: string, campaignIds: string[], from: string, to: string) {
  const row = await db()
    .selectFrom("campaign_daily_conversions")
    .select((eb) => [
      eb.fn.sum<number>("conversions").as("conversions"),
      eb.fn.sum<number>("conversion_value_minor").as("value"),
    ])
    .where("action_id", "=", actionId)
    .where("campaign_id", "in", campaignIds)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .executeTakeFirst();
  return { conversions: Number(row?.conversions ?? 0), value: Number(row?.value ?? 0) };
}

/** The cells of a raw CSV export (RFC 4180 quoting). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 2);

describe("the sync", () => {
  it("stores each account's conversion actions and per campaign-day-action counts that add up to the platform's", async () => {
    const ada = suite.ada;
    const actions = await db()
      .selectFrom("conversion_actions")
      .select(["id", "platform", "name", "category", "counted_by_platform", "click_window_days", "view_window_days"])
      .where("organization_id", "=", ada.organizationId)
      .execute();
    expect(new Set(actions.map((action) => action.platform))).toEqual(new Set(["google-ads", "facebook-ads"]));
    const google = actions.filter((action) => action.platform === "google-ads");
    expect(google.map((action) => action.name)).toEqual(
      expect.arrayContaining(["Purchase", "Add to cart", "Begin checkout"]),
    );
    expect(google.find((action) => action.name === "Purchase")).toMatchObject({
      category: "purchase",
      click_window_days: 30,
    });
    const counted = new Set(actions.filter((action) => Boolean(action.counted_by_platform)).map((action) => action.id));

    // Each campaign-day's counted actions add up to the platform's own conversions column.
    const perAction = await db()
      .selectFrom("campaign_daily_conversions")
      .select(["campaign_id", "date", "action_id", "conversions"])
      .where("organization_id", "=", ada.organizationId)
      .execute();
    expect(perAction.length).toBeGreaterThan(0);
    const sums = new Map<string, number>();
    for (const row of perAction)
      if (counted.has(row.action_id))
        sums.set(
          `${row.campaign_id} ${row.date}`,
          (sums.get(`${row.campaign_id} ${row.date}`) ?? 0) + Number(row.conversions),
        );
    for (const day of await campaignDays(ada.organizationId))
      if (day.conversions > 0) close(sums.get(`${day.campaign_id} ${day.date}`) ?? 0, day.conversions);

    // The settings list them per platform with the platform's choice.
    const settings = await services().conversions.listConversionActions(ownerOf(ada));
    expect(settings.platforms.map((platform) => platform.platform).sort()).toEqual(["facebook-ads", "google-ads"]);
    const addToCart = await addToCartOf(ownerOf(ada));
    expect(addToCart).toMatchObject({
      category: "add_to_cart",
      countedByPlatform: false,
      counted: false,
      choice: null,
    });
  });
});

describe("counting an action", () => {
  it("changes the dashboard, the table, the API, the CSV export and a rule preview alike, and turning it back restores them exactly", async () => {
    const ada = suite.ada;
    const owner = ownerOf(ada);
    const addToCart = await addToCartOf(owner);
    const googleIds = ada.campaigns["google-ads"]!.map((campaign) => campaign.id);
    // A Google campaign with add-to-cart counts.
    const withCarts = await db()
      .selectFrom("campaign_daily_conversions")
      .select(["campaign_id", "date"])
      .where("action_id", "=", addToCart.id)
      .where("conversions", ">", 0)
      .orderBy("campaign_id")
      .executeTakeFirstOrThrow();
    const campaignId = withCarts.campaign_id;
    const range = { from: withCarts.date, to: withCarts.date };
    const rule = await services().rules.createRule(owner, {
      name: "Conversions",
      definition: conversionsRule(campaignId),
    });
    const daysBefore = await campaignDays(ada.organizationId);
    const boBefore = await campaignDays(suite.bo.organizationId);
    const before = await surfaces(owner, campaignId, range, rule.id);

    const changed = await services().conversions.setConversionCounted(owner, { actionId: addToCart.id, counted: true });
    expect(changed.campaignsRecomputed).toBeGreaterThan(0);

    const after = await surfaces(owner, campaignId, range, rule.id);
    const campaignCarts = await actionSums(addToCart.id, [campaignId], range.from, range.to);
    const googleCarts = await actionSums(addToCart.id, googleIds, range.from, range.to);
    expect(campaignCarts.conversions).toBeGreaterThan(0);
    close(after.table.conversions - before.table.conversions, campaignCarts.conversions);
    close(after.api.conversions - before.api.conversions, campaignCarts.conversions);
    expect(after.api.revenue - before.api.revenue).toBe(campaignCarts.value);
    expect(after.table.revenue - before.table.revenue).toBe(campaignCarts.value);
    close(after.dashboard.conversions - before.dashboard.conversions, googleCarts.conversions);
    expect(after.dashboard.revenue - before.dashboard.revenue).toBe(googleCarts.value);
    const ruleCarts = await actionSums(addToCart.id, [campaignId], after.rule.window.from, after.rule.window.to);
    close((after.rule.conversions ?? 0) - (before.rule.conversions ?? 0), ruleCarts.conversions);
    // The export's day of that campaign carries the same figures as the table, before and after.
    for (const [state, csv] of [
      [before, before.csv],
      [after, after.csv],
    ] as const) {
      const cells = csvCells(csv).find((line) => line[0] === range.from && line[1] === campaignId);
      close(Number(cells?.[9]), state.table.conversions);
    }

    // Listed as the organization's choice.
    expect(await addToCartOf(owner)).toMatchObject({
      counted: true,
      countedByPlatform: false,
      choice: { counted: true },
    });
    // Another organization's numbers did not move.
    expect(await campaignDays(suite.bo.organizationId)).toEqual(boBefore);

    await services().conversions.setConversionCounted(owner, { actionId: addToCart.id, counted: false });
    const restored = await surfaces(owner, campaignId, range, rule.id);
    expect(restored).toEqual(before);
    expect(await campaignDays(ada.organizationId)).toEqual(daysBefore);
  });

  it("applies to days a later sync writes, and only to the organization that chose", async () => {
    const ada = suite.ada;
    const owner = ownerOf(ada);
    const addToCart = await addToCartOf(owner);
    await services().conversions.setConversionCounted(owner, { actionId: addToCart.id, counted: true });
    const counted = await campaignDays(ada.organizationId);
    await suite.world.sync(ada, "google-ads");
    // The sync rewrote the platform's figures; the choice still applies.
    const resynced = await campaignDays(ada.organizationId);
    for (const day of resynced) {
      const was = counted.find((item) => item.campaign_id === day.campaign_id && item.date === day.date);
      if (was) close(day.conversions, was.conversions);
    }
    // The days the sync wrote again carry the platform's figure beside the effective one.
    const platformFigures = await db()
      .selectFrom("campaign_daily_metrics")
      .select(["conversions", "platform_conversions"])
      .where("organization_id", "=", ada.organizationId)
      .execute();
    expect(platformFigures.some((row) => Number(row.conversions) > Number(row.platform_conversions) + 0.001)).toBe(
      true,
    );
    await services().conversions.setConversionCounted(owner, { actionId: addToCart.id, counted: false });
  });
});

describe("who may change the settings", () => {
  it("refuses a viewer, and another organization cannot reach the action", async () => {
    const ada = suite.ada;
    const addToCart = await addToCartOf(ownerOf(ada));
    const viewer = userActor({
      userId: ada.viewer.userId,
      name: "Vi",
      organizationId: ada.organizationId,
      role: "viewer",
    });
    await expect(
      services().conversions.setConversionCounted(viewer, { actionId: addToCart.id, counted: true }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      services().conversions.setRevenueTruth(viewer, { defaultSource: "platform", overrides: {} }),
    ).rejects.toBeInstanceOf(AppError);
    // A viewer still reads them.
    expect((await services().conversions.listConversionActions(viewer)).platforms.length).toBe(2);

    const bo = ownerOf(suite.bo);
    await expect(
      services().conversions.setConversionCounted(bo, { actionId: addToCart.id, counted: true }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await addToCartOf(ownerOf(ada))).toMatchObject({ counted: false });
    const boSettings = await services().conversions.listConversionActions(bo);
    expect(
      boSettings.platforms.flatMap((platform) => platform.actions).some((action) => action.id === addToCart.id),
    ).toBe(false);
  });

  it("refuses bad input with the field's message, and changes nothing", async () => {
    const owner = ownerOf(suite.ada);
    const addToCart = await addToCartOf(owner);
    const days = await campaignDays(suite.ada.organizationId);
    await expect(
      services().conversions.setConversionCounted(owner, { actionId: addToCart.id, counted: "yes" }),
    ).rejects.toMatchObject({
      code: "unprocessable_entity",
      details: { fieldErrors: { counted: "Choose whether this action counts as a conversion." } },
    });
    await expect(
      services().conversions.setConversionCounted(owner, { actionId: "", counted: true }),
    ).rejects.toMatchObject({
      details: { fieldErrors: { actionId: "Choose a conversion action." } },
    });
    expect(await campaignDays(suite.ada.organizationId)).toEqual(days);
    expect(await addToCartOf(owner)).toMatchObject({ counted: false });
  });

  it("sets the revenue truth per organization and platform, and refuses store revenue without a store", async () => {
    const owner = ownerOf(suite.ada);
    await expect(
      services().conversions.setRevenueTruth(owner, { defaultSource: "store", overrides: {} }),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
    await expect(
      services().conversions.setRevenueTruth(owner, { defaultSource: "vibes", overrides: {} }),
    ).rejects.toMatchObject({
      details: { fieldErrors: { defaultSource: "Choose platform-reported or store revenue." } },
    });
    const saved = await services().conversions.setRevenueTruth(owner, {
      defaultSource: "platform",
      overrides: { "google-ads": "platform" },
    });
    // An override equal to the default is no override.
    expect(saved).toEqual({ defaultSource: "platform", overrides: {} });
    const log = await db()
      .selectFrom("audit_events")
      .select("action")
      .where("organization_id", "=", suite.ada.organizationId)
      .where("action", "like", "conversions.%")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["conversions.counted_changed", "conversions.revenue_truth_changed"]),
    );
  });
});
