/**
 * /ads/utm-fix over HTTP, in process through its route module: GET answers the UTM health figures
 * of the viewer's organization only; POST answers one result per ad (a TikTok ad refused with its
 * reason, another organization's ad not found), refuses bad input with its message and a role that
 * may not change campaigns with 403, changing nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as utmFixRoute from "#app/routes/resources/utm-fix.ts";
import { seedAds } from "#core/ads/ad-test-data.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { UtmHealth } from "#core/utm-health/utm-health-types.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "utm-fix-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([{ path: "/ads/utm-fix", module: utmFixRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
}, 60_000);

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-up person whose organization has a TikTok ad and a Google ad, neither tagged. */
async function signUpWithAds(name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const { organizationId, userId } = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select(["member.organizationId", "member.userId"])
    .executeTakeFirstOrThrow();
  const adIds: Record<string, string> = {};
  for (const platform of ["tiktok-ads", "google-ads"]) {
    await seedConnection(database.db, { organizationId, platform, campaigns: [{}] });
    const campaign = await database.db
      .selectFrom("campaigns")
      .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
      .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
      .where("campaigns.organization_id", "=", organizationId)
      .where("connections.platform", "=", platform)
      .select("campaigns.id")
      .executeTakeFirstOrThrow();
    const { adIds: ids } = await seedAds(database.db, {
      campaignId: campaign.id,
      ads: [{ name: `${name} ${platform} ad`, landingUrl: "https://shop.example/p" }],
    });
    adIds[platform] = ids[0]!;
  }
  const setRole = (role: string) =>
    database.db.updateTable("member").set({ role }).where("userId", "=", userId).execute();
  return { cookie, organizationId, adIds, setRole };
}

async function post(body: unknown, cookie: string) {
  const response = await app.request("/ads/utm-fix", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function health(cookie: string) {
  const response = await app.request("/ads/utm-fix", { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as UtmHealth;
}

const storedSuffixes = (organizationId: string) =>
  database.db
    .selectFrom("ads")
    .where("organization_id", "=", organizationId)
    .select(["url_suffix", "has_utm"])
    .execute();

describe("/ads/utm-fix", () => {
  it("answers the health figures of the viewer's organization only", async () => {
    const ada = await signUpWithAds("ada");
    const grace = await signUpWithAds("grace");
    const figures = await health(ada.cookie);
    expect(figures.overall).toEqual({ ads: 2, tagged: 0, share: 0 });
    expect(figures.untagged.map((ad) => ad.adName).sort()).toEqual(["ada google-ads ad", "ada tiktok-ads ad"]);
    expect(figures.fixable).toBe(1);
    expect((await health(grace.cookie)).untagged.map((ad) => ad.adId)).not.toContain(ada.adIds["google-ads"]);
  });

  it("answers each ad's result: TikTok refused with its reason, another organization's ad not found", async () => {
    const ada = await signUpWithAds("ada");
    const grace = await signUpWithAds("grace");
    const answer = await post({ adIds: [ada.adIds["tiktok-ads"], grace.adIds["google-ads"]] }, ada.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      report: {
        refused: 2,
        fixed: 0,
        results: [
          { adId: ada.adIds["tiktok-ads"], outcome: "refused", blocker: "platform_unsupported" },
          { adId: grace.adIds["google-ads"], outcome: "refused", blocker: "not_found", adName: "" },
        ],
      },
    });
    expect((await storedSuffixes(grace.organizationId)).every((row) => row.url_suffix === null)).toBe(true);
  });

  it("refuses bad input with its message, and a viewer or analyst with 403, changing nothing", async () => {
    const ada = await signUpWithAds("ada");
    const empty = await post({ adIds: [] }, ada.cookie);
    expect(empty).toMatchObject({ status: 422, body: { ok: false, message: "Choose at least one ad to fix." } });
    for (const role of ["viewer", "analyst"]) {
      await ada.setRole(role);
      const refused = await post({ adIds: [ada.adIds["google-ads"]] }, ada.cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false });
      // Reading the figures stays open to every role.
      expect((await health(ada.cookie)).overall.ads).toBe(2);
    }
    expect((await storedSuffixes(ada.organizationId)).every((row) => row.url_suffix === null)).toBe(true);
  });
});
