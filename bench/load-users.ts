// bench:load's people: a few organizations, each with a Google Ads connection synced from the
// sandbox (the demo's size), an API key, and its share of the signed-in users. Every user signs up
// through the app's own sign-up and verification mail; the members are then added to their
// organization the way an accepted invitation leaves them (a member row, the session moved there).
import { randomUUID } from "node:crypto";
import type { CrashSandbox } from "./crash-sandbox.ts";
import { type CrashWorld, setUpCrashWorld, signUpVerified } from "./crash-setup.ts";

export interface LoadUser {
  cookie: string;
  organization: CrashWorld;
}

async function inBatches<T>(count: number, concurrency: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await make(index);
      }
    }),
  );
  return results;
}

export async function setUpLoadUsers(options: {
  appUrl: string;
  env: Record<string, string>;
  sandbox: CrashSandbox;
  organizations: number;
  users: number;
  campaignsPerOrganization: number;
  log: (line: string) => void;
}): Promise<{ organizations: CrashWorld[]; users: LoadUser[] }> {
  const organizations: CrashWorld[] = [];
  for (let index = 0; index < options.organizations; index++)
    organizations.push(
      await setUpCrashWorld({
        appUrl: options.appUrl,
        env: options.env,
        sandbox: options.sandbox,
        campaigns: options.campaignsPerOrganization,
      }),
    );
  options.log(`${organizations.length} organizations synced`);
  const members = await inBatches(options.users - organizations.length, 6, async (index) => {
    const organization = organizations[index % organizations.length]!;
    const email = `load-${randomUUID()}@bench.test`;
    const cookie = await signUpVerified(options.appUrl, options.env.DATA_DIR ?? "", email);
    const db = organization.database.db;
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: organization.organizationId,
        userId: user.id,
        role: "manager",
        createdAt: new Date().toISOString(),
        last_active_at: new Date().toISOString(),
      })
      .execute();
    await db
      .updateTable("session")
      .set({ activeOrganizationId: organization.organizationId })
      .where("userId", "=", user.id)
      .execute();
    return { cookie, organization };
  });
  options.log(`${options.users} users signed in`);
  return {
    organizations,
    users: [...organizations.map((organization) => ({ cookie: organization.cookie, organization })), ...members],
  };
}
