// npm run bench:rules: how fast the rule engine judges an organization's rules.
//   One organization with 10,000 campaigns × 90 days of daily metrics (25 ad accounts on five
//   platforms, USD and EUR), labels, goals and conversion lag snapshots, generated with set-based SQL.
//   Measured: loading the evaluation context (campaigns, labels, metrics, store revenue, ad spend,
//   goals, lag model) plus evaluating 1,000 varied rules (scopes, windows, metrics, metric against
//   target, AND/OR groups, minimum-data guards, lag exclusion) against it. Also one rule with its
//   full trace for every campaign, as a run stores it.
//   On SQLite always; on PostgreSQL with BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres.
//   Goal: ≤ 5 s for all 1,000 rules on each database, loading included.
//   The metric rows are written day after day, as the daily syncs leave them, so a day's rows sit
//   together and the loader reads through the (organization, date) index. (Right after a backfill,
//   written in 30-day chunks per account, a day's rows are more scattered: SQLite then loads in about
//   2 s.) Baseline: the same rows merely selected (campaign, date and the five figures, as row
//   objects through the application's driver), and the load's ratio to it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { evaluateRule, firedCampaigns } from "#core/rules/evaluate-rule.ts";
import type { Condition, RuleDefinition, RuleMetric, RuleWindow } from "#core/rules/rule-definition.ts";
import { DEFAULT_GUARDRAILS } from "#core/rules/rule-definition.ts";
import { loadEvaluationContext } from "#core/rules/rule-metrics-repository.ts";

const CAMPAIGNS = 10_000;
const DAYS = 90;
const ACCOUNTS = 25;
const RULES = 1_000;
const GOAL_MS = 5_000;
const PLATFORMS = ["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"];

const today = new Date().toISOString().slice(0, 10);
const firstDay = addDays(today, -(DAYS - 1));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function generate(database: DatabaseHandle, organizationId: string): Promise<void> {
  const { db } = database;
  const isPostgres = database.dialect === "postgres";
  const numbers = (count: number, alias = "g") =>
    isPostgres
      ? `generate_series(0, ${count - 1}) as ${alias}(i)`
      : `(with recursive ${alias}(i) as (select 0 union all select i + 1 from ${alias} where i < ${count - 1}) select i from ${alias}) ${alias}`;
  const id = (prefix: string, expression: string) =>
    isPostgres
      ? `lpad(to_hex((${expression}::bigint * 2654435761) % 4294967296), 8, '0') || '-${prefix}-4000-8000-' || lpad(to_hex(${expression}), 12, '0')`
      : `printf('%08x-${prefix}-4000-8000-%012x', (${expression}) * 2654435761 % 4294967296, ${expression})`;
  const dateOf = (index: string) =>
    isPostgres
      ? `to_char(date '${firstDay}' + (${index}), 'YYYY-MM-DD')`
      : `date('${firstDay}', '+' || (${index}) || ' days')`;
  const org = `'${organizationId}'`;
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`insert into connections (id, organization_id, platform, status, display_name)
    select ${id("0001", "i")}, ${org}, case i ${PLATFORMS.map((platform, index) => `when ${index} then '${platform}'`).join(" ")} end,
      'active', 'Bench' from ${numbers(PLATFORMS.length)}`);
  await run(`insert into connections (id, organization_id, platform, status, platform_context)
    values ('${randomUUID()}', ${org}, 'shopify', 'active', '{"storeCurrency":"USD"}')`);
  await run(`insert into ad_accounts (id, organization_id, connection_id, external_id, name, currency)
    select ${id("0002", "i")}, ${org}, ${id("0001", `i % ${PLATFORMS.length}`)}, 'account-' || i, 'Account ' || i,
      case when i % ${PLATFORMS.length} = 2 then 'EUR' else 'USD' end from ${numbers(ACCOUNTS)}`);
  await run(`insert into campaigns (id, organization_id, ad_account_id, external_id, name, status, daily_budget_minor, currency)
    select ${id("0003", "i")}, ${org}, ${id("0002", `i % ${ACCOUNTS}`)}, 'c' || i,
      case i % 4 when 0 then 'Brand ' when 1 then 'Prospecting ' when 2 then 'Retargeting ' else 'Video ' end || i,
      case when i % 50 = 0 then 'removed' when i % 12 = 0 then 'paused' else 'enabled' end,
      1000 + (i % 50) * 100, case when (i % ${ACCOUNTS}) % ${PLATFORMS.length} = 2 then 'EUR' else 'USD' end
    from ${numbers(CAMPAIGNS)}`);
  await run(`insert into campaign_daily_metrics (campaign_id, organization_id, date, impressions, clicks, spend_minor,
      conversions, conversion_value_minor, currency, updated_at)
    select c.id, ${org}, ${dateOf("d.i")},
      1000 + (c.n * 37 + d.i * 11) % 5000, 20 + (c.n * 13 + d.i * 7) % 80, 500 + (c.n * 31 + d.i * 17) % 4000,
      ((c.n * 3 + d.i) % 20) / 4.0, (500 + (c.n * 31 + d.i * 17) % 4000) * (1 + c.n % 7) / 2,
      c.currency, '${new Date().toISOString()}'
    from (select id, currency, cast(substr(external_id, 2) as integer) as n from campaigns where organization_id = ${org}) c
    cross join ${numbers(DAYS, "d")}
    order by d.i, c.id`);
  await run(`insert into store_orders (id, organization_id, connection_id, external_id, name, ordered_at, currency,
      total_minor, refunded_minor, utm_source)
    select ${id("0004", "i")}, ${org}, (select id from connections where organization_id = ${org} and platform = 'shopify'),
      'o' || i, '#' || i, ${dateOf("i / 100")} || 'T12:00:00.000Z', 'USD', 2000 + (i * 7919) % 20000, 0, 'google'
    from ${numbers(DAYS * 100)}`);
  await run(`insert into campaign_labels (organization_id, campaign_id, label)
    select ${org}, ${id("0003", "i")}, case when i % 2 = 0 then 'top' else 'paused-by-stop-loss' end
    from ${numbers(CAMPAIGNS)} where i % 10 = 0`);
  await run(`insert into goals (id, organization_id, scope, target_kind, target_cpa_minor, target_roas, currency)
    values ('${randomUUID()}', ${org}, 'organization', 'cpa', 1500, null, 'USD'),
           ('${randomUUID()}', ${org}, 'facebook-ads', 'roas', null, 2.5, 'USD')`);
  await run(`insert into conversion_lag_snapshots (organization_id, platform, date, age_days, conversions)
    select ${org}, p.platform, ${dateOf("d.i")}, a.i, 1000 * (case when a.i >= 7 then 1 else 0.55 + a.i * 0.064 end)
    from (select distinct platform from connections where organization_id = ${org} and platform != 'shopify') p
    cross join ${numbers(DAYS, "d")} cross join ${numbers(14, "a")}`);
  await createAnalyticsRepository(db).rebuildRollups(organizationId);
}

/** 1,000 varied rules, the same every run. */
function rules(): RuleDefinition[] {
  const windows: RuleWindow[] = [
    { kind: "today" },
    { kind: "yesterday" },
    { kind: "last_days", days: 3 },
    { kind: "last_days", days: 7 },
    { kind: "last_days", days: 14 },
    { kind: "last_days", days: 30 },
    { kind: "this_month" },
  ];
  const metrics: RuleMetric[] = [
    "spend",
    "impressions",
    "clicks",
    "ctr",
    "cpc",
    "conversions",
    "cpa",
    "revenue",
    "roas",
    "blended_roas",
    "budget_utilisation",
    "mtd_pacing",
  ];
  const thresholds: Record<RuleMetric, number> = {
    spend: 20_000,
    impressions: 30_000,
    clicks: 400,
    ctr: 0.02,
    cpc: 40,
    conversions: 20,
    cpa: 800,
    revenue: 40_000,
    roas: 2,
    blended_roas: 1,
    budget_utilisation: 0.9,
    mtd_pacing: 1.1,
  };
  const conditionFor = (seed: number): Condition => {
    const metric = metrics[seed % metrics.length]!;
    const window = windows[(seed * 7) % windows.length]!;
    if (metric === "cpa" && seed % 3 === 0)
      return { metric, operator: ">", comparand: { kind: "metric", factor: 1.5, metric: "target_cpa" }, window };
    if (metric === "roas" && seed % 3 === 0)
      return { metric, operator: "<", comparand: { kind: "metric", factor: 0.8, metric: "blended_roas" }, window };
    return { metric, operator: seed % 2 ? ">" : "<=", comparand: { kind: "value", value: thresholds[metric] }, window };
  };
  return Array.from({ length: RULES }, (_, index) => {
    const scopes: RuleDefinition["scope"][] = [
      { platforms: [], adAccountIds: [], campaigns: { kind: "all" } },
      { platforms: [PLATFORMS[index % 5] as "google-ads"], adAccountIds: [], campaigns: { kind: "all" } },
      { platforms: [], adAccountIds: [], campaigns: { kind: "name", operator: "contains", text: "brand" } },
      { platforms: [], adAccountIds: [], campaigns: { kind: "label", labels: ["top"] } },
    ];
    const groups = Array.from({ length: 1 + (index % 3) }, (_, group) => ({
      match: (group % 2 ? "any" : "all") as "any" | "all",
      conditions: Array.from({ length: 1 + ((index + group) % 3) }, (_, at) =>
        conditionFor(index * 11 + group * 5 + at),
      ),
    }));
    return {
      scope: scopes[index % 10 < 6 ? 0 : index % 10 < 8 ? 1 : index % 10 < 9 ? 2 : 3]!,
      conditions: { match: index % 2 ? "any" : "all", groups },
      minimumData: index % 4 === 0 ? [] : [{ metric: "spend", atLeast: 1_000 }],
      lag: { excludeImmatureDays: index % 5 !== 0, completenessThreshold: 0.9 },
      schedule: { kind: "hourly" },
      actions: [{ kind: "pause" }],
      guardrails: DEFAULT_GUARDRAILS,
    };
  });
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  try {
    const { db } = database;
    await migrateToLatest(db);
    const userId = randomUUID();
    await db
      .insertInto("user")
      .values({ id: userId, name: "Bench", email: `${userId}@bench.test`, emailVerified: true })
      .execute();
    const { organizationId } = await createOrganizationRepository(db).createWithOwner({
      name: "Bench",
      ownerId: userId,
    });
    console.log(`${label}: generating ${(CAMPAIGNS * DAYS).toLocaleString("en-US")} metric rows…`);
    await generate(database, organizationId);
    if (database.dialect === "postgres")
      for (const table of ["campaign_daily_metrics", "ad_account_daily_metrics", "campaigns", "campaign_labels"])
        await sql.raw(`vacuum analyze ${table}`).execute(db);
    else await sql.raw("pragma wal_checkpoint(truncate)").execute(db);

    const definitions = rules();
    for (let round = 0; round < 2; round += 1) {
      const selecting = performance.now();
      const selected = await db
        .selectFrom("campaign_daily_metrics")
        .select([
          "campaign_id",
          "date",
          "impressions",
          "clicks",
          "spend_minor",
          "conversions",
          "conversion_value_minor",
        ])
        .where("organization_id", "=", organizationId)
        .where("date", ">=", firstDay)
        .where("date", "<=", today)
        .execute();
      const baseline = performance.now() - selecting;
      const started = performance.now();
      const context = await loadEvaluationContext(db, organizationId, { today, days: DAYS });
      const loaded = performance.now();
      let fired = 0;
      let evaluations = 0;
      for (const definition of definitions) {
        fired += firedCampaigns(definition, context).length;
        evaluations += context.campaigns.length;
      }
      const done = performance.now();
      const total = done - started;
      console.log(
        `  ${round === 0 ? "first " : "second"} baseline: a bare select of the ${selected.length.toLocaleString("en-US")} metric rows ${seconds(baseline)}; ` +
          `the whole context loads in ${((loaded - started) / baseline).toFixed(2)}× that`,
      );
      console.log(
        `  ${round === 0 ? "first " : "second"} load ${seconds(loaded - started)}, ${RULES} rules ${seconds(done - loaded)} ` +
          `(${Math.round((evaluations / (done - loaded)) * 1000).toLocaleString("en-US")} campaign evaluations/s, ${fired.toLocaleString("en-US")} fired); ` +
          `total ${seconds(total)} (goal ≤ ${seconds(GOAL_MS)}: ${total <= GOAL_MS ? "met" : "NOT met"})`,
      );
      if (round === 1) {
        const traced = performance.now();
        const evaluation = evaluateRule(definitions[1]!, context, { trace: true });
        const json = JSON.stringify(evaluation.campaigns.map((campaign) => campaign.trace));
        console.log(
          `  one rule with traces for ${evaluation.campaigns.length.toLocaleString("en-US")} campaigns: ${seconds(performance.now() - traced)} (${(json.length / 1e6).toFixed(1)} MB of JSON)`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-rules-"));
try {
  await measure("SQLite", openDatabase({ sqliteFile: path.join(sqliteDir, "bench.db") }));
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (!postgresUrl) {
  console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres to measure it");
} else {
  const name = `adhelm_bench_rules_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    await measure("PostgreSQL", openDatabase({ databaseUrl: url.toString() }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
