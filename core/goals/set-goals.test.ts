import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { type GoalEntryInput, goalsFormSchema } from "./goal-schema.ts";

// The goals module as the server wires it, over a private database.
let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

interface Team {
  organizationId: string;
  userId: string;
  /** The organization's owner, who signed it up. */
  owner: Actor;
}

async function newTeam(): Promise<Team> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Grace", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Compilers Inc",
    ownerId: userId,
  });
  return { organizationId, userId, owner: userActor({ userId, name: "Grace", organizationId, role: "owner" }) };
}

const saveGoals = (team: Team, input: { currency: string; form: unknown }) =>
  services.goals.setGoals(team.owner, input);
const savedGoals = async (team: Team) => (await services.goals.getGoals(team.owner)).goals;

const entry = (overrides: Partial<GoalEntryInput> = {}): GoalEntryInput => ({
  scope: "organization",
  targetKind: "none",
  targetRoas: "",
  targetCpa: "",
  monthlyBudget: "",
  ...overrides,
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe("goals form schema", () => {
  const fieldErrorsOf = (goal: GoalEntryInput) => {
    const parsed = goalsFormSchema.safeParse({ currency: "USD", goals: [goal] });
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it.each([
    ["ROAS below 0.1", entry({ targetKind: "roas", targetRoas: "0.05" }), "goals.0.targetRoas"],
    ["ROAS above 100", entry({ targetKind: "roas", targetRoas: "101" }), "goals.0.targetRoas"],
    ["ROAS missing", entry({ targetKind: "roas" }), "goals.0.targetRoas"],
    ["ROAS not a number", entry({ targetKind: "roas", targetRoas: "lots" }), "goals.0.targetRoas"],
    ["CPA of zero", entry({ targetKind: "cpa", targetCpa: "0" }), "goals.0.targetCpa"],
    ["CPA negative", entry({ targetKind: "cpa", targetCpa: "-5" }), "goals.0.targetCpa"],
    ["CPA missing", entry({ targetKind: "cpa" }), "goals.0.targetCpa"],
    ["budget of zero", entry({ monthlyBudget: "0" }), "goals.0.monthlyBudget"],
    ["budget not an amount", entry({ monthlyBudget: "5k" }), "goals.0.monthlyBudget"],
    ["an unknown platform", entry({ scope: "myspace-ads" as never, monthlyBudget: "10" }), "goals.0.scope"],
  ])("refuses %s", (_, goal, path) => {
    expect(Object.keys(fieldErrorsOf(goal))).toEqual([path]);
  });

  it.each([
    ["ROAS 0.1", entry({ targetKind: "roas", targetRoas: "0.1" })],
    ["ROAS 100×", entry({ targetKind: "roas", targetRoas: "100×" })],
    ["ROAS 3.5x", entry({ targetKind: "roas", targetRoas: "3.5x" })],
    ["a CPA with cents", entry({ targetKind: "cpa", targetCpa: "49.90" })],
    ["a budget with thousands separators", entry({ monthlyBudget: "12,500" })],
    ["a target's unused field left invalid", entry({ targetKind: "cpa", targetCpa: "20", targetRoas: "999" })],
  ])("accepts %s", (_, goal) => {
    expect(fieldErrorsOf(goal)).toEqual({});
  });
});

describe("setting goals", () => {
  it("stores the organization's target and budget in minor units of the profile's currency", async () => {
    const team = await newTeam();
    const saved = await saveGoals(team, {
      currency: "USD",
      form: {
        currency: "USD",
        goals: [entry({ targetKind: "roas", targetRoas: "3.5", monthlyBudget: "12,500.50" })],
      },
    });
    expect(saved).toEqual([
      {
        scope: "organization",
        targetKind: "roas",
        targetRoas: 3.5,
        targetCpaMinor: null,
        monthlyBudgetMinor: 1_250_050,
        currency: "USD",
        updatedAt: expect.any(String),
      },
    ]);
    expect(await savedGoals(team)).toEqual(saved);
  });

  it("keeps a goal per platform, replaces the set on each save and drops empty entries", async () => {
    const team = await newTeam();
    const save = (entries: GoalEntryInput[], currency = "JPY") =>
      saveGoals(team, { currency, form: { currency, goals: entries } });

    await save([
      entry({ targetKind: "cpa", targetCpa: "2500" }),
      entry({ scope: "tiktok-ads", monthlyBudget: "300000" }),
      entry({ scope: "google-ads", targetKind: "roas", targetRoas: "4" }),
    ]);
    // Listed in catalogue order whatever the form's order; yen have no minor unit.
    expect(
      (await savedGoals(team)).map((goal) => [
        goal.scope,
        goal.targetCpaMinor ?? goal.targetRoas ?? goal.monthlyBudgetMinor,
      ]),
    ).toEqual([
      ["organization", 2_500],
      ["google-ads", 4],
      ["tiktok-ads", 300_000],
    ]);

    // TikTok is left out and Google's entry is emptied: both goals go; Meta gets one.
    await save([
      entry({ targetKind: "cpa", targetCpa: "3000" }),
      entry({ scope: "google-ads" }),
      entry({ scope: "facebook-ads", targetKind: "roas", targetRoas: "2.5", monthlyBudget: "100000" }),
    ]);
    const after = await savedGoals(team);
    expect(after.map((goal) => goal.scope)).toEqual(["organization", "facebook-ads"]);
    expect(after[0]).toMatchObject({ targetKind: "cpa", targetCpaMinor: 3_000, targetRoas: null });
    expect(after[1]).toMatchObject({ targetKind: "roas", targetRoas: 2.5, monthlyBudgetMinor: 100_000 });

    // An empty form clears every goal.
    await save([entry()]);
    expect(await savedGoals(team)).toEqual([]);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const team = await newTeam();
    await saveGoals(team, { currency: "USD", form: { currency: "USD", goals: [entry({ monthlyBudget: "1000" })] } });
    const before = await savedGoals(team);

    const invalid = await refusal(
      saveGoals(team, {
        currency: "USD",
        form: {
          currency: "USD",
          goals: [
            entry({ targetKind: "roas", targetRoas: "250" }),
            entry({ scope: "google-ads", monthlyBudget: "0.001" }),
          ],
        },
      }),
    );
    expect(invalid.code).toBe("unprocessable_entity");
    expect(invalid.details?.fieldErrors).toEqual({ "goals.0.targetRoas": "Target ROAS is a number from 0.1 to 100." });

    const tooSmall = await refusal(
      saveGoals(team, {
        currency: "USD",
        form: { currency: "USD", goals: [entry({ scope: "google-ads", monthlyBudget: "0.001" })] },
      }),
    );
    expect(tooSmall.details?.fieldErrors).toEqual({
      "goals.0.monthlyBudget": "This amount is smaller than the currency's smallest unit.",
    });

    const twice = await refusal(
      saveGoals(team, {
        currency: "USD",
        form: { currency: "USD", goals: [entry({ monthlyBudget: "5" }), entry({ monthlyBudget: "6" })] },
      }),
    );
    expect(twice.details?.fieldErrors).toEqual({ "goals.1.scope": "Each platform has one goal." });

    // A form opened before the profile's currency changed.
    const staleCurrency = await refusal(
      saveGoals(team, { currency: "EUR", form: { currency: "USD", goals: [entry({ monthlyBudget: "9" })] } }),
    );
    expect(staleCurrency.code).toBe("conflict");
    expect(staleCurrency.message).toContain("EUR");

    expect(await savedGoals(team)).toEqual(before);
  });

  it("refuses an analyst (403) and leaves the owner's goals as they were", async () => {
    const team = await newTeam();
    await saveGoals(team, { currency: "USD", form: { currency: "USD", goals: [entry({ monthlyBudget: "1000" })] } });
    const before = await savedGoals(team);
    const member = userActor({
      userId: team.userId,
      name: "Max",
      organizationId: team.organizationId,
      role: "analyst",
    });

    const refused = await refusal(
      services.goals.setGoals(member, { currency: "USD", form: { currency: "USD", goals: [] } }),
    );
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Your role in this organization does not allow this.");
    expect(await savedGoals(team)).toEqual(before);
    // Reading them is every member's.
    expect((await services.goals.getGoals(member)).goals).toEqual(before);
  });

  it("keeps each organization's goals to itself", async () => {
    const mine = await newTeam();
    const theirs = await newTeam();
    await saveGoals(mine, { currency: "USD", form: { currency: "USD", goals: [entry({ monthlyBudget: "1000" })] } });
    await saveGoals(theirs, {
      currency: "EUR",
      form: { currency: "EUR", goals: [entry({ targetKind: "roas", targetRoas: "5" })] },
    });
    // Saving (even clearing) their goals leaves mine alone.
    await saveGoals(theirs, { currency: "EUR", form: { currency: "EUR", goals: [] } });
    expect(await savedGoals(theirs)).toEqual([]);
    expect(await savedGoals(mine)).toMatchObject([
      { scope: "organization", monthlyBudgetMinor: 100_000, currency: "USD" },
    ]);
  });

  it("opens the form with the platforms the organization has connected", async () => {
    const team = await newTeam();
    const other = await newTeam();
    await seedConnection(database.db, { organizationId: team.organizationId, platform: "linkedin-ads" });
    await seedConnection(database.db, { organizationId: team.organizationId, platform: "google-ads" });
    await seedConnection(database.db, {
      organizationId: team.organizationId,
      platform: "tiktok-ads",
      status: "disconnected",
    });
    await seedConnection(database.db, { organizationId: team.organizationId, platform: "shopify" });
    await seedConnection(database.db, { organizationId: other.organizationId, platform: "microsoft-ads" });
    expect(await services.goals.getGoals(team.owner)).toEqual({
      goals: [],
      connectedPlatforms: ["google-ads", "linkedin-ads"],
    });
  });
});
