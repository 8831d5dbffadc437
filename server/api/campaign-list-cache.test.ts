import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { WireCampaignList } from "#core/public-api/public-api-schemas.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createCampaignListCache } from "./campaign-list-cache.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A page whose only campaign name says which build made it, so a kept page shows an old count. */
function pageBuiltBy(count: number): WireCampaignList {
  return {
    data: [
      {
        id: `build-${count}`,
        platform: "google_ads",
        ad_account_id: "account",
        name: `Build ${count}`,
        status: "active",
        daily_budget: null,
        created_at: "2026-01-01T00:00:00.000Z",
      },
    ],
    next_cursor: null,
  };
}

describe("the API's kept campaign pages", () => {
  it("serve a page again until the list changes or it ages out, per organization and query", async () => {
    const ada = await createViewer(database.db, "Ada");
    const bo = await createViewer(database.db, "Bo");
    const campaigns = createCampaignRepository(database.db);
    const pageSize = JSON.stringify(pageBuiltBy(1)).length;
    // Room for about three pages with their keys.
    const cache = createCampaignListCache(pageSize * 3 + 300);
    let builds = 0;
    const nameOf = async (organizationId: string, query: unknown) => {
      const { json } = await cache.page({
        listVersion: () => campaigns.listVersion(organizationId),
        organizationId,
        query,
        build: async () => pageBuiltBy(++builds),
      });
      return (JSON.parse(json ?? "null") as WireCampaignList).data[0]?.name;
    };

    expect(await nameOf(ada.organizationId, { limit: 25 })).toBe("Build 1");
    expect(await nameOf(ada.organizationId, { limit: 25 })).toBe("Build 1");
    expect(await nameOf(ada.organizationId, { limit: 10 })).toBe("Build 2");
    expect(await nameOf(bo.organizationId, { limit: 25 })).toBe("Build 3");

    // A write the list shows moves Ada's version: her pages are built again, Bo's stays.
    await seedConnection(database.db, { organizationId: ada.organizationId, platform: "google-ads", campaigns: [{}] });
    expect(await nameOf(ada.organizationId, { limit: 25 })).toBe("Build 4");
    expect(await nameOf(bo.organizationId, { limit: 25 })).toBe("Build 3");

    // Full (three pages): a new page pushes out the least recently used one, not the oldest.
    const boName = (limit: number) => nameOf(bo.organizationId, { limit });
    expect([await boName(1), await boName(2), await boName(3)]).toEqual(["Build 5", "Build 6", "Build 7"]);
    expect(await boName(1)).toBe("Build 5");
    expect(await boName(4)).toBe("Build 8");
    expect(await boName(1)).toBe("Build 5");
    expect(await boName(3)).toBe("Build 7");
    expect(await boName(2)).toBe("Build 9");
  });
});
