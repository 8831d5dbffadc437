import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { getOnboardingProgress, isProfileComplete, type OnboardingStepId } from "./get-onboarding-progress.ts";
import { createOnboardingRepository, type OnboardingRepository } from "./onboarding-repository.ts";

let database: DatabaseHandle;
let onboarding: OnboardingRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  onboarding = createOnboardingRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A user as sign-up leaves them before the mailed link: unverified, a profile without a company. */
async function newUser(): Promise<{ userId: string; organizationId: string }> {
  const userId = randomUUID();
  const email = `${userId}@example.com`;
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada Lovelace", email, emailVerified: false })
    .execute();
  await database.db
    .insertInto("user_profiles")
    .values({
      id: userId,
      email,
      first_name: "Ada",
      last_name: "Lovelace",
      role: "admin",
      timezone: "UTC",
      currency: "USD",
    })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Analytical Engines",
    ownerId: userId,
  });
  return { userId, organizationId };
}

const completedSteps = async (viewer: { userId: string; organizationId: string }) => {
  const progress = await getOnboardingProgress({ onboarding }, viewer);
  expect(progress.total).toBe(6);
  const done = progress.steps.filter((step) => step.isComplete).map((step) => step.id);
  expect(progress.completed).toBe(done.length);
  return done;
};

describe("onboarding progress", () => {
  it("flips each step when its fact becomes true", async () => {
    const viewer = await newUser();
    const steps: OnboardingStepId[] = [];
    expect(await completedSteps(viewer)).toEqual(steps);

    await database.db.updateTable("user").set({ emailVerified: true }).where("id", "=", viewer.userId).execute();
    steps.push("verify-email");
    expect(await completedSteps(viewer)).toEqual(steps);

    await database.db
      .updateTable("user_profiles")
      .set({ company_name: "Analytical Engines" })
      .where("id", "=", viewer.userId)
      .execute();
    steps.push("complete-profile");
    expect(await completedSteps(viewer)).toEqual(steps);

    // A disconnected platform and a store do not count as an ad platform; a live one does.
    await seedConnection(database.db, { ...viewer, platform: "google-ads", status: "disconnected" });
    await seedConnection(database.db, { ...viewer, platform: "shopify", status: "disconnected" });
    expect(await completedSteps(viewer)).toEqual(steps);
    await seedConnection(database.db, { ...viewer, platform: "tiktok-ads", status: "error" });
    steps.push("connect-ad-platform");
    expect(await completedSteps(viewer)).toEqual(steps);

    await seedConnection(database.db, { ...viewer, platform: "woocommerce" });
    steps.push("connect-store");
    expect(await completedSteps(viewer)).toEqual(steps);

    await database.db
      .insertInto("goals")
      .values({
        id: randomUUID(),
        organization_id: viewer.organizationId,
        scope: "organization",
        monthly_budget_minor: 100_000,
        currency: "USD",
      })
      .execute();
    steps.push("set-goals");
    expect(await completedSteps(viewer)).toEqual(steps);

    await database.db
      .insertInto("api_keys")
      .values({
        id: randomUUID(),
        organization_id: viewer.organizationId,
        name: "Reporting",
        prefix: "adh_test",
        key_hash: randomUUID(),
      })
      .execute();
    steps.push("add-api-key-or-teammate");
    expect(await completedSteps(viewer)).toEqual(steps);
    expect((await getOnboardingProgress({ onboarding }, viewer)).completed).toBe(6);
  });

  it("counts an invitation to a teammate as the last step", async () => {
    const viewer = await newUser();
    await database.db
      .insertInto("invitation")
      .values({
        id: randomUUID(),
        organizationId: viewer.organizationId,
        email: "teammate@example.com",
        role: "manager",
        expiresAt: new Date(Date.now() + 86_400_000),
        inviterId: viewer.userId,
      })
      .execute();
    expect(await completedSteps(viewer)).toEqual(["add-api-key-or-teammate"]);
  });

  it("counts only the viewer's own organization and the viewer's own email and profile", async () => {
    const mine = await newUser();
    const theirs = await newUser();
    await database.db.updateTable("user").set({ emailVerified: true }).where("id", "=", theirs.userId).execute();
    await database.db
      .updateTable("user_profiles")
      .set({ company_name: "Theirs" })
      .where("id", "=", theirs.userId)
      .execute();
    await seedConnection(database.db, { ...theirs, platform: "google-ads" });
    await seedConnection(database.db, { ...theirs, platform: "shopify" });
    await database.db
      .insertInto("goals")
      .values({ id: randomUUID(), organization_id: theirs.organizationId, scope: "organization", currency: "USD" })
      .execute();
    expect(await completedSteps(mine)).toEqual([]);
    expect(await completedSteps(theirs)).toHaveLength(5);
    // Their user looking at my organization: their own email and profile, my organization's facts.
    expect(await completedSteps({ userId: theirs.userId, organizationId: mine.organizationId })).toEqual([
      "verify-email",
      "complete-profile",
    ]);
  });

  it("needs names, company, time zone and currency for a complete profile (the role is the membership's)", () => {
    const complete = {
      firstName: "Ada",
      lastName: "Lovelace",
      companyName: "Analytical Engines",
      timezone: "Europe/London",
      currency: "GBP",
    };
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete(null)).toBe(false);
    for (const field of Object.keys(complete) as Array<keyof typeof complete>)
      expect(isProfileComplete({ ...complete, [field]: field === "companyName" ? null : "  " })).toBe(false);
  });
});
