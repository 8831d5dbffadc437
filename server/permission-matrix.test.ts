/**
 * The permission matrix, end to end: every route of app/routes.ts and every operation of the
 * published OpenAPI document, asked by each role of Ada's organization (owner, admin, manager,
 * analyst, viewer), by Grace of another organization (with Ada's ids in the URL) and by nobody.
 * The tables of permission-matrix-expectations.ts say what each route and operation needs; they are
 * checked against the route table and the document first, so a new route or endpoint fails here
 * until it is given its row.
 * Who may is computed from core's matrix (`can`), so this file tests that the server applies it,
 * not a second copy of it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor, type Role, userActor } from "#core/access/actor.ts";
import { can, PERMISSIONS_BY_ROLE, type Permission } from "#core/access/permissions.ts";
import type { OpenApiDocument } from "./api/openapi-document.ts";
import { ACTIONS, type ActionCase, OPERATIONS, PAGES } from "./permission-matrix-expectations.ts";
import {
  APP_URL,
  ASKERS,
  type Asker,
  type MatrixWorld,
  MEMBER_ROLES,
  startMatrixWorld,
} from "./permission-matrix-test-kit.ts";

let world: MatrixWorld;

beforeAll(async () => {
  world = await startMatrixWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const cookieOf = (asker: Asker) => (asker === "anonymous" ? undefined : world.people[asker].cookie);
const mayRole = (role: Role, permission: Permission) => PERMISSIONS_BY_ROLE[role].has(permission);

async function get(url: string, asker: Asker) {
  const cookie = cookieOf(asker);
  return world.app.request(`${APP_URL}${url}`, { headers: cookie ? { cookie } : {} });
}

async function post(url: string, asker: Asker, item: ActionCase) {
  const cookie = cookieOf(asker);
  const fields = item.body(world.ids);
  const headers: Record<string, string> = { origin: APP_URL, ...(cookie ? { cookie } : {}) };
  if (!item.form) headers["content-type"] = "application/json";
  return world.app.request(`${APP_URL}${url}`, {
    method: "POST",
    headers,
    body: item.form
      ? new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]))
      : JSON.stringify(fields),
  });
}

const isLoginRedirect = (response: Response) =>
  response.status === 302 && (response.headers.get("location") ?? "").startsWith("/login");

/** Everything of Ada's organization a refused request must leave as it was. */
async function snapshotOfAda() {
  const db = world.database.db;
  const organizationId = world.organizationId;
  const rows = async (table: "campaigns" | "connections" | "ad_accounts" | "rules" | "change_log") =>
    (await db.selectFrom(table).selectAll().where("organization_id", "=", organizationId).execute())
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    campaigns: await rows("campaigns"),
    connections: await rows("connections"),
    adAccounts: await rows("ad_accounts"),
    rules: await rows("rules"),
    changeLog: await rows("change_log"),
    apiKeys: (
      await db
        .selectFrom("api_keys")
        .select(["id", "revoked_at"])
        .where("organization_id", "=", organizationId)
        .orderBy("id")
        .execute()
    ).map((row) => JSON.stringify(row)),
  };
}

describe("the tables are complete", () => {
  it("loads every route module of app/routes.ts", () => {
    expect(world.table.filter((entry) => entry.loadError).map((entry) => `${entry.file}: ${entry.loadError}`)).toEqual(
      [],
    );
  });

  it("gives every route of app/routes.ts a page rule", () => {
    const missing = world.table.map((entry) => entry.pattern).filter((pattern) => !(pattern in PAGES));
    expect(missing, "Add these routes to PAGES in server/permission-matrix-expectations.ts").toEqual([]);
    const gone = Object.keys(PAGES).filter((pattern) => !world.table.some((entry) => entry.pattern === pattern));
    expect(gone, "These PAGES rows name no route any more: remove them").toEqual([]);
  });

  it("gives every route with an action its cases", () => {
    const withAction = world.table.filter((entry) => entry.module.action).map((entry) => entry.pattern);
    const missing = withAction.filter((pattern) => !(pattern in ACTIONS));
    expect(missing, "Add these routes' actions to ACTIONS in server/permission-matrix-expectations.ts").toEqual([]);
    expect(Object.keys(ACTIONS).filter((pattern) => !withAction.includes(pattern))).toEqual([]);
  });

  it("gives every operation of the OpenAPI document its permission", () => {
    const document: OpenApiDocument = world.services.publicApi.openApiDocument();
    const operationIds = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) =>
        typeof operation === "object" && operation && "operationId" in operation ? [String(operation.operationId)] : [],
      ),
    );
    expect(
      operationIds.filter((id) => !(id in OPERATIONS)),
      "Add these operations to OPERATIONS in server/permission-matrix-expectations.ts",
    ).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((id) => !operationIds.includes(id))).toEqual([]);
  });
});

describe("every page, by every asker", () => {
  it("answers each asker as the route's rule says", async () => {
    const failures: string[] = [];
    for (const entry of world.table) {
      const rule = PAGES[entry.pattern];
      if (!rule || rule.kind === "no-page" || entry.loadError) continue;
      const url = rule.url?.(world.ids) ?? entry.pattern;
      for (const asker of ASKERS) {
        const response = await get(url, asker);
        const status = response.status;
        await response.body?.cancel();
        const fail = (expected: string) => failures.push(`${asker} GET ${url}: ${status}, expected ${expected}`);
        if (status >= 500) fail("no server error");
        else if (rule.kind === "public") {
          if (isLoginRedirect(response) || status === 401 || status === 403) fail("the public page");
        } else if (asker === "anonymous") {
          const isOpen = rule.kind === "app" && rule.isOpenToAnonymous;
          const wanted = rule.kind === "resource" && rule.anonymous === 401 ? 401 : "login";
          if (isOpen ? status !== 200 : wanted === 401 ? status !== 401 : !isLoginRedirect(response))
            fail(isOpen ? "200" : String(wanted));
        } else if (rule.kind === "app") {
          const isRefused = asker !== "outsider" && rule.permission !== undefined && !mayRole(asker, rule.permission);
          const expected = asker === "outsider" && rule.isOrganizationData ? 404 : isRefused ? 403 : 200;
          if (status !== expected) fail(String(expected));
        } else {
          const role: Role = asker === "outsider" ? "owner" : asker;
          const expected = mayRole(role, rule.permission) ? (rule.allowed ?? 200) : 403;
          if (status !== expected) fail(String(expected));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("every action, by every asker", () => {
  const cases = () =>
    world.table.flatMap((entry) => {
      const rule = ACTIONS[entry.pattern];
      if (!rule || !("cases" in rule)) return [];
      return rule.cases.map((item) => ({ pattern: entry.pattern, url: item.url?.(world.ids) ?? entry.pattern, item }));
    });

  it("refuses a role without the permission (403), strangers and nobody, and nothing of Ada's changes", async () => {
    const before = await snapshotOfAda();
    const failures: string[] = [];
    for (const { url, item } of cases()) {
      for (const asker of ASKERS) {
        const isMember = asker !== "outsider" && asker !== "anonymous";
        if (isMember && mayRole(asker, item.permission)) continue;
        const response = await post(url, asker, item);
        const { status } = response;
        const label = `${asker} POST ${url} (${item.name}): ${status}`;
        if (asker === "anonymous") {
          if (status !== 401 && !isLoginRedirect(response)) failures.push(`${label}, expected 401 or /login`);
        } else if (asker === "outsider") {
          if (item.outsider && status !== item.outsider) failures.push(`${label}, expected ${item.outsider}`);
          if (status >= 500) failures.push(`${label}, expected no server error`);
        } else if (item.isRefusal ? !item.isRefusal(response) : status !== 403)
          failures.push(`${label}, expected a refusal`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfAda()).toEqual(before);
  }, 120_000);

  it("lets every role with the permission through (its input is then checked, not its role)", async () => {
    const failures: string[] = [];
    for (const { url, item } of cases())
      for (const role of MEMBER_ROLES.filter((role) => mayRole(role, item.permission))) {
        const response = await post(url, role, item);
        const refused = item.isRefusal ? item.isRefusal(response) : response.status === 403;
        if (refused || response.status === 401 || response.status >= 500 || isLoginRedirect(response))
          failures.push(`${role} POST ${url} (${item.name}): ${response.status}`);
        await response.body?.cancel();
      }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("every API operation, by every key", () => {
  const keys: Partial<Record<Role | "outsider" | "removed" | "read", string>> = {};

  beforeAll(async () => {
    const keyBy = async (userId: string, organizationId: string, scope: "read" | "read_write" = "read_write") => {
      // Made as a manager would, then the creator's role is what it is now: a key carries at most that.
      const actor = userActor({ userId, name: "Creator", organizationId, role: "owner" });
      return (await world.services.apiKeys.createApiKey(actor, { name: `Key ${randomUUID().slice(0, 6)}`, scope }))
        .plaintext;
    };
    for (const role of MEMBER_ROLES) keys[role] = await keyBy(world.people[role].userId, world.organizationId);
    keys.read = await keyBy(world.people.owner.userId, world.organizationId, "read");
    keys.outsider = await keyBy(world.people.outsider.userId, world.people.outsider.organizationId);
    // A member who made a key and then left the organization.
    const leaver = randomUUID();
    await world.database.db
      .insertInto("user")
      .values({
        id: leaver,
        name: "Leaver",
        email: `${leaver}@example.com`,
        emailVerified: true,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      } as never)
      .execute();
    keys.removed = await keyBy(leaver, world.organizationId);
  });

  it("answers each key as core's matrix says, and nobody with 401", async () => {
    const document: OpenApiDocument = world.services.publicApi.openApiDocument();
    const before = await snapshotOfAda();
    const failures: string[] = [];
    for (const [pathTemplate, item] of Object.entries(document.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {})) {
        const operationId = (operation as { operationId?: string }).operationId ?? "";
        const spec = OPERATIONS[operationId];
        if (!spec) continue;
        const isWrite = method !== "get";
        for (const asker of ["anonymous", "outsider", "removed", "read", ...MEMBER_ROLES] as const) {
          // Allowed writes run last (below): here only what must be refused, and every read.
          const key = asker === "anonymous" ? undefined : keys[asker];
          const actor =
            asker === "anonymous" || asker === "outsider"
              ? null
              : apiKeyActor({
                  apiKeyId: "k",
                  keyName: "k",
                  organizationId: world.organizationId,
                  scope: asker === "read" ? "read" : "read_write",
                  creatorRole: asker === "removed" ? null : asker === "read" ? "owner" : asker,
                });
          const may = actor !== null && can(actor, spec.permission);
          if (isWrite && may) continue;
          const response = await world.app.request(`${APP_URL}/api/v1${spec.path(world.ids)}`, {
            method: method.toUpperCase(),
            headers: {
              ...(key ? { authorization: `Bearer ${key}` } : {}),
              ...(spec.body ? { "content-type": "application/json" } : {}),
            },
            body: spec.body ? JSON.stringify(spec.body) : undefined,
          });
          const { status } = response;
          await response.body?.cancel();
          const label = `${asker} ${method.toUpperCase()} ${pathTemplate} (${operationId}): ${status}`;
          const pathHasId = pathTemplate.includes("{id}");
          if (asker === "anonymous") {
            if (status !== 401) failures.push(`${label}, expected 401`);
          } else if (asker === "outsider") {
            if (pathHasId && !isWrite && status !== 404) failures.push(`${label}, expected 404`);
            if (status >= 500) failures.push(`${label}, expected no server error`);
          } else if (!may) {
            if (status !== 403) failures.push(`${label}, expected 403`);
          } else if (status !== 200) failures.push(`${label}, expected 200`);
        }
      }
    expect(failures).toEqual([]);
    expect(await snapshotOfAda()).toEqual(before);
  }, 120_000);

  it("lets a write through for every key whose creator may (its input is then checked)", async () => {
    const failures: string[] = [];
    for (const [operationId, spec] of Object.entries(OPERATIONS)) {
      if (spec.permission === "workspace.read" && operationId !== "previewRule") continue;
      const method = Object.values(world.services.publicApi.openApiDocument().paths ?? {})
        .flatMap((item) => Object.entries(item ?? {}))
        .find(([, operation]) => (operation as { operationId?: string }).operationId === operationId)?.[0];
      for (const role of MEMBER_ROLES) {
        const actor = apiKeyActor({
          apiKeyId: "k",
          keyName: "k",
          organizationId: world.organizationId,
          scope: "read_write",
          creatorRole: role,
        });
        if (!can(actor, spec.permission)) continue;
        const response = await world.app.request(`${APP_URL}/api/v1${spec.path(world.ids)}`, {
          method: (method ?? "get").toUpperCase(),
          headers: { authorization: `Bearer ${keys[role]}`, "content-type": "application/json" },
          body: JSON.stringify(spec.body ?? {}),
        });
        if (response.status === 401 || response.status === 403 || response.status >= 500)
          failures.push(`${role} key ${operationId}: ${response.status}`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
