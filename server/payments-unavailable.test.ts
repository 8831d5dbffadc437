import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PAYMENTS_NOT_SET_UP_MESSAGE } from "#adapters/payments/unavailable-payment-provider.ts";
import { userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

/** Without Stripe and with the test provider off (production's default), nothing can be paid, even with a test card. */
let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv({ PAYMENTS_SANDBOX: "false" }), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

it("offers no test checkout and refuses a checkout with what the administrator must set", async () => {
  expect(services.builtinPayments).toBeNull();
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.test`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Engines",
    ownerId: userId,
  });
  await services.billingBackground.startTrial(organizationId);
  const owner = userActor({ userId, name: "Ada", organizationId, role: "owner" });
  await expect(services.billing.startCheckout(owner, { planId: "starter", interval: "monthly" })).rejects.toMatchObject(
    {
      message: PAYMENTS_NOT_SET_UP_MESSAGE,
    },
  );
});
