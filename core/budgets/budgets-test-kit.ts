/** Teams, goals and campaigns with spend for the budgets slice's tests, over a real database. */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type Actor, userActor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import type { ServerServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";

export interface Team {
  organizationId: string;
  owner: Actor;
  member: Actor;
}

export async function newTeam(db: Kysely<Database>): Promise<Team> {
  const userId = randomUUID();
  await db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(db).createWithOwner({
    name: "Engines Ltd",
    ownerId: userId,
  });
  return {
    organizationId,
    owner: userActor({ userId, name: "Ada", organizationId, role: "owner" }),
    member: userActor({ userId: randomUUID(), name: "Mia", organizationId, role: "analyst" }),
  };
}

/** The organization's goal: a monthly budget (major units) and optionally a target. */
export async function setBudget(
  services: ServerServices,
  team: Team,
  monthlyBudget: string,
  target: { targetKind: "none" | "roas" | "cpa"; targetRoas?: string; targetCpa?: string } = { targetKind: "none" },
) {
  await services.goals.setGoals(team.owner, {
    currency: "USD",
    form: { currency: "USD", goals: [{ scope: "organization", monthlyBudget, ...target }] },
  });
}

/** Today in UTC (the test organizations have no time zone), as the ads clock reads it. */
export const todayUtc = () => calendarDateIn("UTC", new Date());

/** Spend of `amountMinor` on each of the `days` days before today, and today too when asked. */
export function dailySpend(amountMinor: number, days: number, options: { today?: number } = {}) {
  const today = todayUtc();
  const spend: Record<string, number> = {};
  for (let back = 1; back <= days; back += 1) spend[addDays(today, -back)] = amountMinor;
  if (options.today !== undefined) spend[today] = options.today;
  return spend;
}

/** A connection of `platform` with campaigns, returning their ids in order. */
export async function seedCampaigns(
  db: Kysely<Database>,
  team: Team,
  platform: string,
  campaigns: { spend?: Record<string, number> }[],
  currency = "USD",
): Promise<string[]> {
  const { connectionId } = await seedConnection(db, {
    organizationId: team.organizationId,
    platform,
    account: { currency },
    campaigns,
  });
  const rows = await db
    .selectFrom("campaigns as c")
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .select(["c.id", "c.external_id"])
    .where("a.connection_id", "=", connectionId)
    .orderBy("c.external_id")
    .execute();
  return rows.map((row) => row.id);
}

export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

export const fieldErrorsOfRefusal = (error: AppError) =>
  (error.details as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
