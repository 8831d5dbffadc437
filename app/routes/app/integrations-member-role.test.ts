/**
 * The roles on the integrations screen: an analyst reads and refreshes but does not wire the
 * organization. Cy, an analyst in Ada's organization, cannot start a connection, choose its ad
 * accounts or disconnect it (403 with the one message, and nothing changes); a sync now is still
 * theirs to ask for. The app runs for real on a loopback port with the built-in sandbox.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "#app/lib/flash.server.ts";
import {
  type ConnectFlowServer,
  connectAdPlatform,
  type Member,
  startConnectFlowServer,
} from "#tests/support/connect-flow-server.ts";

let server: ConnectFlowServer;
let ada: Member;
let cy: Member;
let adaGoogle: string;

const FORBIDDEN = "Your role in this organization does not allow this.";

beforeAll(async () => {
  server = await startConnectFlowServer();
  ada = await server.signUp("Ada");
  cy = await server.signUp("Cy");
  adaGoogle = (await connectAdPlatform(server, ada, "google-ads")).connectionId;
  // Ada invites Cy as an analyst; Cy's session works in Ada's organization.
  await server.database.db
    .insertInto("member")
    .values({
      id: randomUUID(),
      organizationId: ada.organizationId,
      userId: cy.userId,
      role: "analyst",
      createdAt: new Date().toISOString(),
    })
    .execute();
  await server.database.db
    .updateTable("session")
    .set({ activeOrganizationId: ada.organizationId })
    .where("id", "=", cy.sessionId)
    .execute();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Everything of Ada's organization a connection's use cases could change. */
async function snapshot() {
  const db = server.database.db;
  return {
    connections: await db
      .selectFrom("connections")
      .selectAll()
      .where("organization_id", "=", ada.organizationId)
      .execute(),
    adAccounts: await db
      .selectFrom("ad_accounts")
      .selectAll()
      .where("organization_id", "=", ada.organizationId)
      .orderBy("id")
      .execute(),
    oauthStates: await db
      .selectFrom("oauth_states")
      .selectAll()
      .where("organization_id", "=", ada.organizationId)
      .execute(),
  };
}

async function postIntent(member: Member, fields: Record<string, string>) {
  const response = await server.request("/integrations", {
    method: "POST",
    headers: { origin: server.url, cookie: member.cookie },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; toast: unknown } };
}

describe("an analyst of the organization on the integrations screen", () => {
  it("sees the organization's connections", async () => {
    const response = await server.request("/integrations", { headers: { cookie: cy.cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(adaGoogle);
  });

  it("cannot disconnect a connection or choose its accounts: 403, and nothing changes", async () => {
    const before = await snapshot();
    const refused = {
      status: 403,
      body: { ok: false, toast: { kind: "error", title: "That did not work", description: FORBIDDEN } },
    };
    for (const data of ["delete", "keep"])
      expect(await postIntent(cy, { intent: "disconnect", connectionId: adaGoogle, data })).toEqual(refused);
    const [account] = before.adAccounts;
    expect(
      await postIntent(cy, { intent: "choose-accounts", connectionId: adaGoogle, adAccountIds: account?.id ?? "" }),
    ).toEqual(refused);
    expect(await snapshot()).toEqual(before);
    expect(before.connections[0]).toMatchObject({ id: adaGoogle, status: "active" });
  });

  it("cannot start a connection: Connect answers Connection failed, and no OAuth state is issued", async () => {
    const before = await snapshot();
    const response = await server.request(`${server.url}/integrations/facebook-ads/connect`, {
      method: "POST",
      headers: { origin: server.url, cookie: cy.cookie, referer: `${server.url}/integrations` },
      body: new URLSearchParams(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/integrations");
    const flash = readFlash(
      new Request(server.url, { headers: { cookie: response.headers.getSetCookie().join("; ") } }),
    );
    expect(flash?.flash).toMatchObject({ kind: "error", title: "Connection failed", description: FORBIDDEN });
    expect(await snapshot()).toEqual(before);
  });

  it("may still ask for a sync now", async () => {
    expect(await postIntent(cy, { intent: "sync-now", connectionId: adaGoogle })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
  });
});
