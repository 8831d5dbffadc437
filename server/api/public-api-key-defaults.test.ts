/**
 * Issue 23 §4 over HTTP: a key made with the Create API key form's defaults is read only (its
 * writes get the 403 envelope) and expires (then every call gets the 401 envelope).
 */
import { describe, expect, it } from "vitest";
import { errorOf, googleCampaignOf, ownerOf, usePublicApiSuite } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call } = suite;

describe("a key made with the defaults", () => {
  it("reads, is refused writes with 403, and after its expiry is refused with 401", async () => {
    const inNinetyDays = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const created = await suite.main.services.apiKeys.createApiKey(ownerOf(suite.ada), {
      name: "Defaults",
      expiresOn: inNinetyDays,
    });
    expect(created.apiKey).toMatchObject({ scope: "read", expiresAt: `${inNinetyDays}T00:00:00.000Z` });
    const key = created.plaintext;
    expect((await call("GET", "/api/v1/campaigns", { key })).status).toBe(200);

    const campaign = googleCampaignOf(suite.ada);
    const write = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { key, body: { name: "Nope" } });
    expect(write.status).toBe(403);
    expect(errorOf(write.body)).toEqual({
      code: "forbidden",
      message: "This API key is read-only. Use a key with read and write access to change campaigns.",
    });

    // Its day comes (the cache is cold in a new app, as on another node or after 30 s).
    await suite.world.sandbox.db
      .updateTable("api_keys")
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where("id", "=", created.apiKey.id)
      .execute();
    const later = await call("GET", "/api/v1/campaigns", { key, app: suite.startApp().app });
    expect(later.status).toBe(401);
    expect(errorOf(later.body)).toEqual({
      code: "unauthorized",
      message: expect.stringMatching(/^This API key expired on \d{4}-\d{2}-\d{2}\. Create a new one/),
    });
  });
});
