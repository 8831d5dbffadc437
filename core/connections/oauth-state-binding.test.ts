/**
 * The connect flow's OAuth `state` as an attacker meets it: a callback only connects for the
 * browser session, user and organization that pressed Connect, for the platform it was issued for,
 * once, within OAUTH_STATE_TTL_MS. Everything runs for real: the app on a loopback port, the
 * built-in sandbox's consent page and token endpoint, and the callback route, whose answer (the
 * redirect and its "Connection failed" toast) is what the person sees.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import {
  allConnections,
  type Browser,
  CONNECTION_FAILED,
  type ConnectFlowServer,
  consent,
  type Member,
  oauthStateRow,
  pressConnect,
  returnToCallback,
  startConnectFlowServer,
} from "#tests/support/connect-flow-server.ts";
import { hashState, OAUTH_STATE_TTL_MS } from "./start-connection.ts";

let server: ConnectFlowServer;

beforeAll(async () => {
  server = await startConnectFlowServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Ada pressed Connect and allowed access: the callback URL her browser is about to open. */
async function consentedCallback(member: Browser, platform = "google-ads") {
  const { authorizeUrl, state } = await pressConnect(server, member, platform);
  const callbackUrl = await consent(server, member, authorizeUrl);
  expect(callbackUrl.pathname).toBe(`/integrations/${platform}/callback`);
  expect(callbackUrl.searchParams.get("state")).toBe(state);
  expect(callbackUrl.searchParams.get("code")).toBeTruthy();
  return { authorizeUrl, state, callbackUrl };
}

const connectionsOf = async (organizationId: string) =>
  (await allConnections(server)).filter((connection) => connection.organization_id === organizationId);

/** The person who started the flow comes back and gets the account picker for a new connection. */
async function expectConnected(member: Member, callbackUrl: URL, platform = "google-ads") {
  const outcome = await returnToCallback(server, member, callbackUrl);
  const [connection] = await connectionsOf(member.organizationId);
  expect(connection).toMatchObject({ platform, status: "active", created_by: member.userId });
  expect(outcome).toEqual({
    status: 302,
    location: `/integrations?choose=${encodeURIComponent(connection?.id ?? "")}`,
    flash: null,
  });
}

describe("the OAuth state of a connect flow", () => {
  it("is valid for OAUTH_STATE_TTL_MS (15 minutes) and stored only as a digest", async () => {
    expect(OAUTH_STATE_TTL_MS).toBe(15 * 60 * 1000);
    const ada = await server.signUp("Ada");
    const { state } = await pressConnect(server, ada, "google-ads");
    const row = await oauthStateRow(server, state);
    expect(row).toMatchObject({
      organization_id: ada.organizationId,
      user_id: ada.userId,
      session_id: ada.sessionId,
      platform: "google-ads",
      used_at: null,
    });
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(lifetime - OAUTH_STATE_TTL_MS)).toBeLessThan(5_000);
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it("is refused in another browser of the same user, and still works in the browser that pressed Connect", async () => {
    const ada = await server.signUp("Ada");
    const otherBrowser = await server.signIn(ada);
    expect(otherBrowser.sessionId).not.toBe(ada.sessionId);
    const { callbackUrl } = await consentedCallback(ada);

    expect(await returnToCallback(server, otherBrowser, callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);

    // The code was good: the browser the state was issued to connects with the very same URL.
    await expectConnected(ada, callbackUrl);
  });

  it("is refused for another user of another organization, who gets no connection and gives none", async () => {
    const ada = await server.signUp("Ada");
    const bo = await server.signUp("Bo");
    const { callbackUrl } = await consentedCallback(ada);

    expect(await returnToCallback(server, bo, callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(bo.organizationId)).toEqual([]);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);

    await expectConnected(ada, callbackUrl);
    expect(await connectionsOf(bo.organizationId)).toEqual([]);
  });

  it("is refused when the same session has moved to another organization in the meantime", async () => {
    const ada = await server.signUp("Ada");
    // Ada owns a second workspace; her session switches to it between Connect and the callback.
    const second = await createOrganizationRepository(server.database.db).createWithOwner({
      name: "Ada's agency",
      ownerId: ada.userId,
    });
    const switchTo = (organizationId: string) =>
      server.database.db
        .updateTable("session")
        .set({ activeOrganizationId: organizationId })
        .where("id", "=", ada.sessionId)
        .execute();
    const { callbackUrl } = await consentedCallback(ada);

    await switchTo(second.organizationId);
    expect(await returnToCallback(server, ada, callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(second.organizationId)).toEqual([]);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);

    await switchTo(ada.organizationId);
    await expectConnected(ada, callbackUrl);
    expect(await connectionsOf(second.organizationId)).toEqual([]);
  });

  it("works once: a replayed callback is refused, even with a fresh code the platform issued for it", async () => {
    const ada = await server.signUp("Ada");
    const { authorizeUrl, callbackUrl } = await consentedCallback(ada);
    await expectConnected(ada, callbackUrl);
    const [before] = await connectionsOf(ada.organizationId);

    expect(await returnToCallback(server, ada, callbackUrl)).toEqual(CONNECTION_FAILED);
    // The platform's consent again with the same state yields a new, valid code: still refused,
    // because the state itself was used.
    const again = await consent(server, ada, authorizeUrl);
    expect(again.searchParams.get("code")).not.toBe(callbackUrl.searchParams.get("code"));
    expect(await returnToCallback(server, ada, again)).toEqual(CONNECTION_FAILED);

    expect(await connectionsOf(ada.organizationId)).toEqual([before]);
  });

  it("is refused once it has expired, and accepted while it lives", async () => {
    const ada = await server.signUp("Ada");
    const expireAt = (state: string, at: Date) =>
      server.database.db
        .updateTable("oauth_states")
        .set({ expires_at: at.toISOString() })
        .where("id", "=", hashState(state))
        .execute();

    const stale = await consentedCallback(ada);
    // As if the person came back a second after the state's OAUTH_STATE_TTL_MS ran out.
    await expireAt(stale.state, new Date(Date.now() - 1_000));
    expect(await returnToCallback(server, ada, stale.callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);

    const live = await consentedCallback(ada);
    await expireAt(live.state, new Date(Date.now() + 60_000));
    await expectConnected(ada, live.callbackUrl);
  });

  it("is refused at another platform's callback, even with a valid code of that platform", async () => {
    const ada = await server.signUp("Ada");
    const google = await pressConnect(server, ada, "google-ads");
    const meta = await pressConnect(server, ada, "facebook-ads");
    // Meta's consent, carrying the state issued for Google Ads.
    const swapped = new URL(meta.authorizeUrl);
    swapped.searchParams.set("state", google.state);
    const callbackUrl = await consent(server, ada, swapped);
    expect(callbackUrl.pathname).toBe("/integrations/facebook-ads/callback");
    expect(callbackUrl.searchParams.get("state")).toBe(google.state);

    expect(await returnToCallback(server, ada, callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);

    // Meta's code was good: with Meta's own state it connects Meta.
    const own = new URL(callbackUrl);
    own.searchParams.set("state", meta.state);
    await expectConnected(ada, own, "facebook-ads");
  });

  it("is refused when it is missing, unknown, or the browser has no session", async () => {
    const ada = await server.signUp("Ada");
    const { callbackUrl } = await consentedCallback(ada);
    const withoutState = new URL(callbackUrl);
    withoutState.searchParams.delete("state");
    const unknown = new URL(callbackUrl);
    unknown.searchParams.set("state", "a-state-nobody-issued");

    expect(await returnToCallback(server, ada, withoutState)).toEqual(CONNECTION_FAILED);
    expect(await returnToCallback(server, ada, unknown)).toEqual(CONNECTION_FAILED);
    expect(await returnToCallback(server, null, callbackUrl)).toEqual(CONNECTION_FAILED);
    expect(await connectionsOf(ada.organizationId)).toEqual([]);
  });
});
