/**
 * What the permission-matrix test runs on: the whole app (createApp over createServices) in process,
 * its pages served by every route module of app/routes.ts (loaders and actions, no rendering, the
 * layouts' loaders included), one seeded database and the people of the matrix: Ada's organization
 * with a member of each role, and Grace, who owns another organization.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, isRouteErrorResponse, type LoaderFunctionArgs } from "react-router";
import { createLogger } from "#adapters/logger.ts";
import routeConfig from "#app/routes.ts";
import { type Role, userActor } from "#core/access/actor.ts";
import { seedAds } from "#core/ads/ad-test-data.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { ruleTemplate } from "#core/rules/rule-templates.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import { type App, createApp, type PageHandler } from "./app.ts";
import { createServices, type ServerServices } from "./services.ts";

export const APP_URL = "http://localhost:3000";

/** A leaf of the route table: what a browser can ask for. */
export interface RouteEntry {
  /** The URL pattern, "/" for the home page: the key of the expectations. */
  pattern: string;
  file: string;
  /** The layout around it, if any (its loader runs first, as in the app). */
  layout: string | null;
  module: { loader?: unknown; action?: unknown };
  /** Why its module did not load (the route table names a file that is not there). */
  loadError?: string;
}

const importAppModule = (file: string) =>
  import(/* @vite-ignore */ path.join(import.meta.dirname, "..", "app", file)) as Promise<RouteEntry["module"]>;

/** Every leaf route of app/routes.ts with its module. */
export async function loadRouteTable(): Promise<RouteEntry[]> {
  const entries: RouteEntry[] = [];
  const walk = async (routes: readonly RouteConfigEntry[], layout: string | null) => {
    for (const route of routes) {
      if (route.children?.length) {
        await walk(route.children, route.file);
        continue;
      }
      const pattern = route.index ? "/" : `/${route.path ?? ""}`;
      try {
        entries.push({ pattern, file: route.file, layout, module: await importAppModule(route.file) });
      } catch (error) {
        entries.push({ pattern, file: route.file, layout, module: {}, loadError: String(error) });
      }
    }
  };
  await walk(await routeConfig, null);
  return entries;
}

type RouteFunction = (args: LoaderFunctionArgs) => unknown;
type RouteObject = Parameters<typeof createStaticHandler>[0][number];

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/**
 * Serves the route table as the app does without rendering: a GET runs the layout's loader and the
 * page's (a redirect or a thrown status wins), a POST runs the page's action. Answers are JSON.
 */
async function createPageHandler(table: RouteEntry[]): Promise<PageHandler> {
  const layouts = new Map<string, RouteObject>();
  const routes: RouteObject[] = [];
  for (const [index, entry] of table.entries()) {
    if (entry.loadError) continue;
    const leaf: RouteObject = {
      id: `route-${index}`,
      path: entry.pattern === "/" ? undefined : entry.pattern.slice(1),
      index: entry.pattern === "/" ? true : undefined,
      loader: (entry.module.loader as RouteFunction | undefined) ?? (() => null),
      action: entry.module.action as RouteFunction | undefined,
    } as RouteObject;
    if (!entry.layout) {
      routes.push(leaf);
      continue;
    }
    let layout = layouts.get(entry.layout);
    if (!layout) {
      const module = await importAppModule(entry.layout);
      layout = { id: entry.layout, loader: module.loader as RouteFunction | undefined, children: [] };
      layouts.set(entry.layout, layout);
      routes.push(layout);
    }
    layout.children?.push(leaf);
  }
  const handler = createStaticHandler(routes);
  return async (request, context) => {
    const url = new URL(request.url);
    const normalizePath = () => ({ pathname: url.pathname.replace(/\.data$/, ""), search: url.search, hash: "" });
    try {
      if (request.method === "GET" || request.method === "HEAD") {
        const result = await handler.query(request, { requestContext: context, normalizePath });
        if (result instanceof Response) return result;
        const error = Object.values(result.errors ?? {})[0];
        if (error instanceof Response) return error;
        if (isRouteErrorResponse(error)) return Response.json(error.data, { status: error.status });
        if (error) throw error;
        return Response.json(result.loaderData, { status: result.statusCode });
      }
      const result = await handler.queryRoute(request, { requestContext: context, normalizePath });
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isRouteErrorResponse(error)) return Response.json(error.data, { status: error.status });
      throw error;
    }
  };
}

export const MEMBER_ROLES = ["owner", "admin", "manager", "analyst", "viewer"] as const satisfies readonly Role[];

/** Who asks: a member of Ada's organization by role, Grace of another organization, or nobody. */
export type Asker = Role | "outsider" | "anonymous";
export const ASKERS: readonly Asker[] = [...MEMBER_ROLES, "outsider", "anonymous"];

export interface Person {
  userId: string;
  cookie: string;
  organizationId: string;
}

export interface MatrixWorld {
  app: App;
  services: ServerServices;
  database: DatabaseHandle;
  table: RouteEntry[];
  people: Record<Role | "outsider", Person>;
  /** Ada's organization and its things, whose ids go in the URLs. */
  organizationId: string;
  ids: {
    organizationId: string;
    campaignId: string;
    connectionId: string;
    ruleId: string;
    runId: string;
    adId: string;
    creativeId: string;
  };
  /** Grace's own campaign. */
  outsiderCampaignId: string;
  close(): Promise<void>;
}

const logger = createLogger({ level: "silent", isPretty: false });

export async function startMatrixWorld(): Promise<MatrixWorld> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "permission-matrix-"));
  const env = testEnv({
    APP_URL,
    DATA_DIR: dataDir,
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "10000",
    API_USAGE_FLUSH_MS: "60000",
  });
  const table = await loadRouteTable();
  const services = createServices({ env, database, logger });
  const app = createApp({ env, logger, services, handlePage: await createPageHandler(table) });
  const db = database.db;

  const signUp = async (name: string): Promise<Person> => {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
    const row = await db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .where("user.email", "=", email)
      .select(["member.organizationId", "user.id"])
      .executeTakeFirstOrThrow();
    return { userId: row.id, cookie, organizationId: row.organizationId };
  };

  const owner = await signUp("ada");
  const outsider = await signUp("grace");
  const people = { owner, outsider } as MatrixWorld["people"];
  for (const role of MEMBER_ROLES.filter((role) => role !== "owner")) {
    const person = await signUp(role);
    await db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: owner.organizationId,
        userId: person.userId,
        role,
        createdAt: new Date().toISOString(),
      })
      .execute();
    // Their sessions work in Ada's organization.
    await db
      .updateTable("session")
      .set({ activeOrganizationId: owner.organizationId })
      .where("userId", "=", person.userId)
      .execute();
    people[role] = { ...person, organizationId: owner.organizationId };
  }

  const { connectionId } = await seedConnection(db, {
    organizationId: owner.organizationId,
    platform: "google-ads",
    campaigns: [{}, {}],
  });
  await seedConnection(db, { organizationId: outsider.organizationId, platform: "google-ads", campaigns: [{}] });
  const campaignOf = async (organizationId: string) =>
    (
      await db
        .selectFrom("campaigns")
        .where("organization_id", "=", organizationId)
        .select("id")
        .orderBy("external_id")
        .executeTakeFirstOrThrow()
    ).id;
  const ownerActor = userActor({
    userId: owner.userId,
    name: "Ada",
    organizationId: owner.organizationId,
    role: "owner",
  });
  const rule = await services.rules.createRule(ownerActor, {
    name: "Stop loss",
    definition: ruleTemplate("stop_loss").definition,
  });
  const run = await services.rules.runRuleNow(ownerActor, { ruleId: rule.id });
  const campaignId = await campaignOf(owner.organizationId);
  const { adIds, creativeIds } = await seedAds(db, { campaignId, ads: [{}] });

  return {
    app,
    services,
    database,
    table,
    people,
    organizationId: owner.organizationId,
    ids: {
      organizationId: owner.organizationId,
      campaignId,
      connectionId,
      ruleId: rule.id,
      runId: run.id,
      adId: adIds[0] as string,
      creativeId: creativeIds[0] as string,
    },
    outsiderCampaignId: await campaignOf(outsider.organizationId),
    async close() {
      await services.publicApi.stop();
      await database.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
