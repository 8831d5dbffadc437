import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, apiKeyActor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import {
  VIEW_COLUMNS_REQUIRED,
  VIEW_COLUMNS_UNKNOWN,
  VIEW_NAME_REQUIRED,
  VIEW_NAME_TAKEN,
} from "./table-view-schema.ts";

// The table-views module as the server wires it, over a private database.
let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database?.close();
});

async function newUser(name: string): Promise<string> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name, email: `${userId}@example.com`, emailVerified: true })
    .execute();
  return userId;
}

async function newOrganization(ownerId: string): Promise<string> {
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Lumen Skincare",
    ownerId,
  });
  return organizationId;
}

const person = (userId: string, organizationId: string, role = "viewer"): Actor =>
  userActor({ userId, name: "Someone", organizationId, role });

const table = "campaigns";
const settings = {
  query: "sort=roas&dir=desc&status=enabled&range=last_7_days&page=3&secret=1",
  columns: ["spend", "revenue", "roas", "cpa"],
  density: "compact",
};

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const viewsOf = async (actor: Actor) => services.tableViews.listTableViews(actor, { table });

describe("saved table views", () => {
  it("creates, lists, renames, overwrites, makes default and deletes a person's views", async () => {
    const userId = await newUser("Ada");
    const organizationId = await newOrganization(userId);
    const ada = person(userId, organizationId);
    expect(await viewsOf(ada)).toEqual({ views: [], defaultViewId: null, layout: null });

    const weekly = await services.tableViews.createTableView(ada, {
      table,
      form: { name: "  Weekly ROAS  ", ...settings, isDefault: true },
    });
    // The name is trimmed; the query keeps the table's parameters only, without the page.
    expect(weekly).toMatchObject({
      name: "Weekly ROAS",
      query: "sort=roas&dir=desc&status=enabled&range=last_7_days",
      columns: ["spend", "revenue", "roas", "cpa"],
      density: "compact",
      isDefault: true,
    });
    const budget = await services.tableViews.createTableView(ada, {
      table,
      form: { name: "Budgets", query: "", columns: ["dailyBudget", "spend"], density: "comfortable" },
    });
    expect(budget.isDefault).toBe(false);
    let listed = await viewsOf(ada);
    expect(listed.views.map((view) => view.name)).toEqual(["Budgets", "Weekly ROAS"]);
    expect(listed.defaultViewId).toBe(weekly.id);

    // One default at a time.
    await services.tableViews.setDefaultTableView(ada, { table, id: budget.id });
    listed = await viewsOf(ada);
    expect(listed.defaultViewId).toBe(budget.id);
    expect(listed.views.filter((view) => view.isDefault)).toHaveLength(1);

    const renamed = await services.tableViews.renameTableView(ada, { table, id: budget.id, form: { name: "Pacing" } });
    expect(renamed).toMatchObject({ id: budget.id, name: "Pacing", columns: ["dailyBudget", "spend"] });

    const overwritten = await services.tableViews.overwriteTableView(ada, {
      table,
      id: budget.id,
      form: { query: "platform=google-ads", columns: ["roas", "spend"], density: "compact" },
    });
    expect(overwritten).toMatchObject({
      name: "Pacing",
      query: "platform=google-ads",
      columns: ["roas", "spend"],
      density: "compact",
      isDefault: true,
    });

    await services.tableViews.setDefaultTableView(ada, { table, id: null });
    expect((await viewsOf(ada)).defaultViewId).toBeNull();

    await services.tableViews.deleteTableView(ada, { table, id: weekly.id });
    expect((await viewsOf(ada)).views.map((view) => view.name)).toEqual(["Pacing"]);
    expect((await refusal(services.tableViews.deleteTableView(ada, { table, id: weekly.id }))).code).toBe("not_found");
  });

  it("remembers the columns and density chosen outside a view", async () => {
    const userId = await newUser("Grace");
    const organizationId = await newOrganization(userId);
    const grace = person(userId, organizationId, "analyst");
    await services.tableViews.saveTableLayout(grace, {
      table,
      form: { columns: ["roas", "spend"], density: "compact" },
    });
    await services.tableViews.saveTableLayout(grace, {
      table,
      form: { columns: ["spend", "roas", "cpa"], density: "comfortable" },
    });
    expect((await viewsOf(grace)).layout).toEqual({ columns: ["spend", "roas", "cpa"], density: "comfortable" });
    const bad = await refusal(
      services.tableViews.saveTableLayout(grace, { table, form: { columns: [], density: "cosy" } }),
    );
    expect(bad.details?.fieldErrors).toEqual({ columns: VIEW_COLUMNS_REQUIRED, density: expect.any(String) });
    expect((await viewsOf(grace)).layout).toEqual({ columns: ["spend", "roas", "cpa"], density: "comfortable" });
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const userId = await newUser("Linus");
    const organizationId = await newOrganization(userId);
    const linus = person(userId, organizationId);
    const kept = await services.tableViews.createTableView(linus, { table, form: { name: "Mine", ...settings } });

    const empty = await refusal(
      services.tableViews.createTableView(linus, {
        table,
        form: { name: "   ", query: "", columns: ["spend", "bogus"], density: "compact" },
      }),
    );
    expect(empty.code).toBe("unprocessable_entity");
    expect(empty.details?.fieldErrors).toEqual({ name: VIEW_NAME_REQUIRED, columns: VIEW_COLUMNS_UNKNOWN });

    const duplicate = await refusal(
      services.tableViews.createTableView(linus, { table, form: { name: "MINE", ...settings } }),
    );
    expect(duplicate.details?.fieldErrors).toEqual({ name: VIEW_NAME_TAKEN });

    const repeated = await refusal(
      services.tableViews.overwriteTableView(linus, {
        table,
        id: kept.id,
        form: { query: "", columns: ["spend", "spend"], density: "compact" },
      }),
    );
    expect(repeated.details?.fieldErrors).toEqual({ columns: VIEW_COLUMNS_UNKNOWN });
    const other = await services.tableViews.createTableView(linus, { table, form: { name: "Other", ...settings } });
    const clash = await refusal(
      services.tableViews.renameTableView(linus, { table, id: other.id, form: { name: "mine" } }),
    );
    expect(clash.details?.fieldErrors).toEqual({ name: VIEW_NAME_TAKEN });

    expect((await viewsOf(linus)).views).toEqual([
      expect.objectContaining({ id: kept.id, name: "Mine", columns: settings.columns, density: "compact" }),
      expect.objectContaining({ id: other.id, name: "Other" }),
    ]);
  });

  it("keeps each person's views their own: another member or organization neither sees nor changes them", async () => {
    const adaId = await newUser("Ada");
    const bobId = await newUser("Bob");
    const organizationId = await newOrganization(adaId);
    const otherOrganizationId = await newOrganization(adaId);
    const ada = person(adaId, organizationId, "owner");
    const bob = person(bobId, organizationId, "admin");
    const adaElsewhere = person(adaId, otherOrganizationId, "owner");
    const view = await services.tableViews.createTableView(ada, {
      table,
      form: { name: "Private", ...settings, isDefault: true },
    });

    for (const stranger of [bob, adaElsewhere]) {
      expect(await viewsOf(stranger)).toEqual({ views: [], defaultViewId: null, layout: null });
      const attempts = [
        () => services.tableViews.renameTableView(stranger, { table, id: view.id, form: { name: "Mine now" } }),
        () =>
          services.tableViews.overwriteTableView(stranger, {
            table,
            id: view.id,
            form: { query: "", columns: ["spend"], density: "comfortable" },
          }),
        () => services.tableViews.setDefaultTableView(stranger, { table, id: view.id }),
        () => services.tableViews.deleteTableView(stranger, { table, id: view.id }),
      ];
      for (const attempt of attempts) expect((await refusal(attempt())).code).toBe("not_found");
      // Their own view of the same name is allowed: names are unique per person.
      await services.tableViews.createTableView(stranger, { table, form: { name: "Private", ...settings } });
    }

    const adaViews = await viewsOf(ada);
    expect(adaViews.views).toHaveLength(1);
    expect(adaViews.views[0]).toMatchObject({
      id: view.id,
      name: "Private",
      columns: settings.columns,
      density: "compact",
      isDefault: true,
    });
  });

  it("belongs to people: an API key has no views", async () => {
    const userId = await newUser("Key maker");
    const organizationId = await newOrganization(userId);
    const key = apiKeyActor({
      apiKeyId: "key_1",
      keyName: "Reporting",
      organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    expect((await refusal(viewsOf(key))).code).toBe("forbidden");
  });
});
