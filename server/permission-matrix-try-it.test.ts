/**
 * The /api page's Try it for roles that may not run it (it calls the API as one of the team's
 * keys, which takes api_keys.manage): the page says why instead of sending them to create a key,
 * and a stale page that posts anyway gets the refusal as the page's error, not a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, type Asker, type MatrixWorld, startMatrixWorld } from "./permission-matrix-test-kit.ts";

let world: MatrixWorld;

beforeAll(async () => {
  world = await startMatrixWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const cookieOf = (asker: Exclude<Asker, "anonymous">) => world.people[asker].cookie;

/** The /api page's loader data as the page gets it. */
async function apiPage(asker: Exclude<Asker, "anonymous">) {
  const response = await world.app.request(`${APP_URL}/api`, { headers: { cookie: cookieOf(asker) } });
  expect(response.status).toBe(200);
  const loaderData = (await response.json()) as Record<string, unknown>;
  return Object.values(loaderData).find(
    (data): data is { roleNote: { text: string; href: string } | null } =>
      typeof data === "object" && data !== null && "roleNote" in data,
  );
}

describe("Try it on the /api page, by role", () => {
  it("tells an analyst and a viewer why they cannot run it; a manager is not told so", async () => {
    expect((await apiPage("analyst"))?.roleNote?.text).toBe(
      "Your role (Analyst) can't run Try it against your team's data: it takes a manager or an admin. Ask an admin.",
    );
    expect((await apiPage("viewer"))?.roleNote?.text).toMatch(/^Your role \(Viewer\) can't run Try it/);
    expect((await apiPage("manager"))?.roleNote).toBeNull();
  });

  it("answers a stale page's Try it from an analyst with the refusal as the page's error (403)", async () => {
    const keysBefore = await world.database.db.selectFrom("api_keys").select(["id", "last_used_at"]).execute();
    const response = await world.app.request(`${APP_URL}/api`, {
      method: "POST",
      headers: { origin: APP_URL, cookie: cookieOf("analyst") },
      body: new URLSearchParams({ endpoint: "list-campaigns", token: crypto.randomUUID() }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      tryResult: { endpointId: "list-campaigns", problem: "Your role in this organization does not allow this." },
    });
    expect(await world.database.db.selectFrom("api_keys").select(["id", "last_used_at"]).execute()).toEqual(keysBefore);
  });
});
