/**
 * A new connection manages at most what the plan allows: on Starter (3 ad accounts) the sandbox's
 * second ad platform fills the room left, the rest of its accounts are listed unmanaged, and the
 * callback sends the person to the picker saying how many were left out and for which plan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBillingRepository } from "#core/billing/billing-repository.ts";
import {
  type ConnectFlowServer,
  consent,
  type Member,
  pressConnect,
  returnToCallback,
  startConnectFlowServer,
} from "#tests/support/connect-flow-server.ts";

let server: ConnectFlowServer;

beforeAll(async () => {
  server = await startConnectFlowServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function onStarter(member: Member) {
  await createBillingRepository(server.database.db).ensureSubscription(member.organizationId);
  await server.database.db
    .updateTable("subscriptions")
    .set({ plan_id: "starter", status: "active" })
    .where("organization_id", "=", member.organizationId)
    .execute();
}

/** Connect, Allow, back: where the callback sends the browser. */
async function connect(member: Member, platform: string): Promise<URL> {
  const { authorizeUrl } = await pressConnect(server, member, platform);
  const outcome = await returnToCallback(server, member, await consent(server, member, authorizeUrl));
  expect(outcome.status).toBe(302);
  return new URL(outcome.location ?? "", server.url);
}

const accountsOf = (organizationId: string, connectionId: string) =>
  server.database.db
    .selectFrom("ad_accounts")
    .select(["name", "is_managed"])
    .where("organization_id", "=", organizationId)
    .where("connection_id", "=", connectionId)
    .orderBy("name")
    .execute();

describe("connecting an ad platform within the plan's ad account limit", () => {
  it("manages what fits on Starter, lists the rest unmanaged, and says so with the plan", async () => {
    const ada = await server.signUp("Ada");
    await onStarter(ada);

    const first = await connect(ada, "google-ads");
    const firstId = first.searchParams.get("choose") ?? "";
    const firstAccounts = await accountsOf(ada.organizationId, firstId);
    // The sandbox lists 2 or 3 accounts: all fit in Starter's 3, and nothing is said.
    expect(firstAccounts.length).toBeLessThanOrEqual(3);
    expect(firstAccounts.every((account) => Boolean(account.is_managed))).toBe(true);
    expect(first.searchParams.has("unmanaged")).toBe(false);

    const second = await connect(ada, "facebook-ads");
    const secondId = second.searchParams.get("choose") ?? "";
    expect(secondId).not.toBe(firstId);
    const secondAccounts = await accountsOf(ada.organizationId, secondId);
    const room = 3 - firstAccounts.length;
    // The first ones by name are managed, up to the room left; the others are there, unmanaged.
    expect(secondAccounts.map((account) => Boolean(account.is_managed))).toEqual(
      secondAccounts.map((_, index) => index < room),
    );
    expect(second.pathname).toBe("/integrations");
    expect(Object.fromEntries(second.searchParams)).toEqual({
      choose: secondId,
      unmanaged: String(secondAccounts.length - room),
      plan: "starter",
    });
  });

  it("manages every account on a plan whose limit is not reached (the trial)", async () => {
    const bea = await server.signUp("Bea");
    for (const platform of ["google-ads", "facebook-ads"]) {
      const back = await connect(bea, platform);
      expect(back.searchParams.has("unmanaged")).toBe(false);
      const accounts = await accountsOf(bea.organizationId, back.searchParams.get("choose") ?? "");
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.every((account) => Boolean(account.is_managed))).toBe(true);
    }
  });
});
