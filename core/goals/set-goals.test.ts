import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectionRepository, createConnectionRepository } from "#core/connections/connection-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { getGoals } from "./get-goals.ts";
import { createGoalRepository, type GoalRepository } from "./goal-repository.ts";
import { type GoalEntryInput, goalsFormSchema } from "./goal-schema.ts";
import { setGoals } from "./set-goals.ts";

let database: DatabaseHandle;
let goals: GoalRepository;
let connections: ConnectionRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  goals = createGoalRepository(database.db);
  connections = createConnectionRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newTeam(): Promise<{ organizationId: string; userId: string }> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Grace", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Compilers Inc",
    ownerId: userId,
  });
  return { organizationId, userId };
}

const savedGoals = async (organizationId: string) => (await getGoals({ goals, connections }, organizationId)).goals;

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
    const saved = await setGoals(
      { goals },
      {
        ...team,
        currency: "USD",
        form: {
          currency: "USD",
          goals: [entry({ targetKind: "roas", targetRoas: "3.5", monthlyBudget: "12,500.50" })],
        },
      },
    );
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
    expect(await savedGoals(team.organizationId)).toEqual(saved);
  });

  it("keeps a goal per platform, replaces the set on each save and drops empty entries", async () => {
    const team = await newTeam();
    const save = (entries: GoalEntryInput[], currency = "JPY") =>
      setGoals({ goals }, { ...team, currency, form: { currency, goals: entries } });

    await save([
      entry({ targetKind: "cpa", targetCpa: "2500" }),
      entry({ scope: "tiktok-ads", monthlyBudget: "300000" }),
      entry({ scope: "google-ads", targetKind: "roas", targetRoas: "4" }),
    ]);
    // Listed in catalogue order whatever the form's order; yen have no minor unit.
    expect(
      (await savedGoals(team.organizationId)).map((goal) => [
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
    const after = await savedGoals(team.organizationId);
    expect(after.map((goal) => goal.scope)).toEqual(["organization", "facebook-ads"]);
    expect(after[0]).toMatchObject({ targetKind: "cpa", targetCpaMinor: 3_000, targetRoas: null });
    expect(after[1]).toMatchObject({ targetKind: "roas", targetRoas: 2.5, monthlyBudgetMinor: 100_000 });

    // An empty form clears every goal.
    await save([entry()]);
    expect(await savedGoals(team.organizationId)).toEqual([]);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const team = await newTeam();
    await setGoals(
      { goals },
      { ...team, currency: "USD", form: { currency: "USD", goals: [entry({ monthlyBudget: "1000" })] } },
    );
    const before = await savedGoals(team.organizationId);

    const invalid = await refusal(
      setGoals(
        { goals },
        {
          ...team,
          currency: "USD",
          form: {
            currency: "USD",
            goals: [
              entry({ targetKind: "roas", targetRoas: "250" }),
              entry({ scope: "google-ads", monthlyBudget: "0.001" }),
            ],
          },
        },
      ),
    );
    expect(invalid.code).toBe("unprocessable_entity");
    expect(invalid.details?.fieldErrors).toEqual({ "goals.0.targetRoas": "Target ROAS is a number from 0.1 to 100." });

    const tooSmall = await refusal(
      setGoals(
        { goals },
        {
          ...team,
          currency: "USD",
          form: { currency: "USD", goals: [entry({ scope: "google-ads", monthlyBudget: "0.001" })] },
        },
      ),
    );
    expect(tooSmall.details?.fieldErrors).toEqual({
      "goals.0.monthlyBudget": "This amount is smaller than the currency's smallest unit.",
    });

    const twice = await refusal(
      setGoals(
        { goals },
        {
          ...team,
          currency: "USD",
          form: { currency: "USD", goals: [entry({ monthlyBudget: "5" }), entry({ monthlyBudget: "6" })] },
        },
      ),
    );
    expect(twice.details?.fieldErrors).toEqual({ "goals.1.scope": "Each platform has one goal." });

    // A form opened before the profile's currency changed.
    const staleCurrency = await refusal(
      setGoals(
        { goals },
        { ...team, currency: "EUR", form: { currency: "USD", goals: [entry({ monthlyBudget: "9" })] } },
      ),
    );
    expect(staleCurrency.code).toBe("conflict");
    expect(staleCurrency.message).toContain("EUR");

    expect(await savedGoals(team.organizationId)).toEqual(before);
  });

  it("keeps each organization's goals to itself", async () => {
    const mine = await newTeam();
    const theirs = await newTeam();
    await setGoals(
      { goals },
      { ...mine, currency: "USD", form: { currency: "USD", goals: [entry({ monthlyBudget: "1000" })] } },
    );
    await setGoals(
      { goals },
      {
        ...theirs,
        currency: "EUR",
        form: { currency: "EUR", goals: [entry({ targetKind: "roas", targetRoas: "5" })] },
      },
    );
    // Saving (even clearing) their goals leaves mine alone.
    await setGoals({ goals }, { ...theirs, currency: "EUR", form: { currency: "EUR", goals: [] } });
    expect(await savedGoals(theirs.organizationId)).toEqual([]);
    expect(await savedGoals(mine.organizationId)).toMatchObject([
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
    expect(await getGoals({ goals, connections }, team.organizationId)).toEqual({
      goals: [],
      connectedPlatforms: ["google-ads", "linkedin-ads"],
    });
  });
});
