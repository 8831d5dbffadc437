import { randomUUID } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authorize } from "#core/access/permissions.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createBillingKit } from "./billing-test-kit.ts";

const DAY = 86_400_000;
const START = new Date("2026-03-01T09:00:00Z");
let database: DatabaseHandle;
let kit: ReturnType<typeof createBillingKit>;

beforeAll(async () => {
  database = await createTestDatabase();
  kit = createBillingKit(database, START);
});
beforeEach(() => {
  kit.clock.now = START;
});
afterAll(async () => {
  await database.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** An organization that paid for `planId` monthly through checkout (card 4242 unless given). */
async function paying(planId: "starter" | "professional", card?: string) {
  const org = await kit.newOrganization();
  const owner = await org.actorAs();
  const checkout = await kit.billing.startCheckout(owner, { planId, interval: "monthly" });
  await kit.payCheckout(checkout.url, card);
  return { ...org, owner, checkout };
}

async function addMembers(organizationId: string, count: number) {
  for (let index = 0; index < count; index++) {
    const userId = randomUUID();
    await database.db
      .insertInto("user")
      .values({ id: userId, name: `M${index}`, email: `${userId}@example.test`, emailVerified: true })
      .execute();
    await database.db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId, userId, role: "analyst", createdAt: new Date() })
      .execute();
  }
}

describe("the trial", () => {
  it("reminds 3 days and 1 day before its end, once each, then turns read-only without a card; nothing is deleted", async () => {
    const org = await kit.newOrganization();
    const overview = await kit.billing.getBillingOverview(await org.actorAs());
    expect(overview).toMatchObject({ planId: "professional", status: "trialing", currency: "USD", amountDueMinor: 0 });
    expect(overview.trialEndsAt?.toISOString()).toBe(new Date(START.getTime() + 14 * DAY).toISOString());

    kit.clock.now = new Date(START.getTime() + 11 * DAY + 1000);
    await kit.background.runBillingTick();
    await kit.background.runBillingTick();
    kit.clock.now = new Date(START.getTime() + 13 * DAY + 1000);
    await kit.background.runBillingTick();
    await kit.background.runBillingTick();
    const reminders = kit.mailsTo(org.email).map((mail) => mail.subject);
    expect(reminders).toHaveLength(2);
    expect(reminders.every((subject) => subject.includes("ends on March 15, 2026"))).toBe(true);

    kit.clock.now = new Date(START.getTime() + 14 * DAY + 1000);
    await kit.background.runBillingTick();
    await kit.background.runBillingTick();
    const after = await kit.billing.getBillingOverview(await org.actorAs());
    expect(after).toMatchObject({ status: "read_only", readOnlyReason: "trial_ended" });
    expect(kit.mailsTo(org.email).at(-1)?.subject).toContain("has ended");
    expect(kit.mailsTo(org.email)).toHaveLength(3);

    // Writes are refused with the reason; reading, exporting and billing still work.
    const owner = await org.actorAs();
    const refused = await refusal(Promise.resolve().then(() => authorize(owner, "campaigns.change")));
    expect(refused.status).toBe(403);
    expect(refused.message).toContain("read-only because its trial ended");
    for (const permission of ["workspace.read", "campaigns.export", "billing.manage", "organization.export"] as const)
      expect(() => authorize(owner, permission)).not.toThrow();

    // Choosing a plan brings it back at once.
    const checkout = await kit.billing.startCheckout(owner, { planId: "starter", interval: "monthly" });
    await kit.payCheckout(checkout.url);
    expect((await kit.billing.getBillingOverview(await org.actorAs())).status).toBe("active");
  });

  it("converts to Professional monthly with the card saved during the trial, the first invoice paid", async () => {
    const org = await kit.newOrganization("Bea", "EUR");
    const owner = await org.actorAs();
    const portal = await kit.billing.openPaymentPortal(owner);
    expect(portal.url).toMatch(/\/billing\/test-portal\//);
    // Saving the card leads back to the payment method screen, where the new card shows.
    expect(await kit.saveCard(portal.url, "4242 4242 4242 4242")).toEqual({
      redirectTo: expect.stringMatching(/^https?:\/\/[^/]+\/billing\/payment-method$/),
    });
    kit.clock.now = new Date(START.getTime() + 14 * DAY + 60_000);
    await kit.background.runBillingTick();
    const overview = await kit.billing.getBillingOverview(owner);
    expect(overview).toMatchObject({ status: "active", planId: "professional", interval: "monthly", currency: "EUR" });
    expect(overview.paymentMethod).toMatchObject({ brand: "visa", last4: "4242" });
    expect(
      overview.invoices?.map((invoice) => [invoice.kind, invoice.status, invoice.totalMinor, invoice.currency]),
    ).toEqual([["trial_conversion", "paid", 14_900, "EUR"]]);
    expect(overview.invoices?.[0]?.number).toMatch(/^ADH-2026-\d{6}$/);
  });
});

describe("checkout and the provider's events", () => {
  it("pays the first invoice and starts the plan at once; a replayed event is acknowledged and changes nothing", async () => {
    const org = await kit.newOrganization();
    const owner = await org.actorAs();
    const checkout = await kit.billing.startCheckout(owner, { planId: "starter", interval: "yearly" });
    expect((await kit.billing.getBillingOverview(owner)).status).toBe("trialing");
    // The declined card changes nothing.
    await expect(kit.payCheckout(checkout.url, "4000 0000 0000 0002")).rejects.toThrow("declined");
    expect((await kit.billing.getBillingOverview(owner)).status).toBe("trialing");

    await kit.payCheckout(checkout.url);
    const overview = await kit.billing.getBillingOverview(owner);
    expect(overview).toMatchObject({ status: "active", planId: "starter", interval: "yearly", trialEndsAt: null });
    expect(overview.invoices?.map((invoice) => [invoice.status, invoice.totalMinor])).toEqual([["paid", 47_040]]);
    expect(overview.renewsAt?.toISOString()).toBe("2027-03-01T09:00:00.000Z");

    const replay = await kit.background.handleProviderEvent({
      kind: "checkout.completed",
      eventId: `evt_${checkout.url.split("/").at(-1)}`,
      customerId: "whatever",
      metadata: { organizationId: org.organizationId, invoiceId: checkout.invoiceId },
      paymentId: null,
      paymentMethod: null,
    });
    expect(replay).toEqual({ processed: false });
    const audit = await database.db
      .selectFrom("audit_events")
      .select("action")
      .where("organization_id", "=", org.organizationId)
      .where("action", "=", "billing.plan_changed")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses Enterprise as self-serve, and sends its request to sales", async () => {
    const org = await kit.newOrganization();
    const owner = await org.actorAs();
    const refused = await refusal(kit.billing.startCheckout(owner, { planId: "enterprise", interval: "yearly" }));
    expect(refused.details?.fieldErrors).toMatchObject({ planId: expect.stringContaining("sales") });
    const { reference } = await kit.billing.requestEnterpriseContact(owner, {
      name: "Ada",
      email: "ada@agency.test",
      company: "Agency",
      adAccounts: 80,
      message: "We manage 80 accounts for 20 clients.",
    });
    const mail = kit.mailsTo("sales@adhelm.test").at(-1);
    expect(mail?.subject).toContain(reference);
    expect(mail?.text).toContain("80 accounts for 20 clients");
  });
});

describe("changing plans", () => {
  it("charges an upgrade's difference for the rest of the period, to the second, and credits a downgrade to the next invoice", async () => {
    const { owner } = await paying("starter");
    // March 1 09:00 → April 1 09:00 is 31 days; 10 days later, 21 days are left.
    kit.clock.now = new Date(START.getTime() + 10 * DAY);
    const upgrade = await kit.billing.changePlan(owner, { planId: "professional", interval: "monthly" });
    // round(14,900 × 21/31) − round(4,900 × 21/31) = 10,094 − 3,319
    expect(upgrade).toMatchObject({ planId: "professional", chargedMinor: 6_775, creditedMinor: 0 });

    kit.clock.now = new Date(START.getTime() + 20 * DAY);
    const downgrade = await kit.billing.changePlan(owner, { planId: "starter", interval: "monthly" });
    // 11 of 31 days left: round(14,900 × 11/31) − round(4,900 × 11/31) = 5,287 − 1,739
    expect(downgrade).toMatchObject({ planId: "starter", chargedMinor: 0, creditedMinor: 3_548 });
    expect((await kit.billing.getBillingOverview(owner)).creditMinor).toBe(3_548);

    // The renewal takes the credit off: 4,900 − 3,548 is charged.
    kit.clock.now = new Date("2026-04-01T09:00:01Z");
    await kit.background.runBillingTick();
    const invoices = (await kit.billing.getBillingOverview(owner)).invoices ?? [];
    expect(invoices[0]).toMatchObject({ kind: "renewal", status: "paid", totalMinor: 4_900, amountDueMinor: 1_352 });
  });

  it("refuses a downgrade while the usage exceeds the smaller plan's limits, naming the limit", async () => {
    const { owner, organizationId } = await paying("professional");
    await addMembers(organizationId, 2);
    const refused = await refusal(kit.billing.changePlan(owner, { planId: "starter", interval: "monthly" }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      "Your Starter plan includes 2 team members (invitations included). You use 3: remove some before moving to Starter.",
    );
    expect((await kit.billing.getBillingOverview(owner)).planId).toBe("professional");
  });

  it("is billing.manage's: an analyst or a viewer changes nothing, and reads no invoices", async () => {
    const org = await paying("starter");
    const analyst = await org.actorAs("analyst");
    const refused = await refusal(kit.billing.changePlan(analyst, { planId: "professional", interval: "monthly" }));
    expect(refused.status).toBe(403);
    await expect(kit.billing.startCheckout(await org.actorAs("manager"), {})).rejects.toThrow(
      "Your role in this organization does not allow this.",
    );
    const seen = await kit.billing.getBillingOverview(await org.actorAs("viewer"));
    expect(seen).toMatchObject({ planId: "starter", invoices: null, paymentMethod: null, account: null });
  });
});

describe("renewals and dunning", () => {
  it("retries a failed renewal over 7 days with mails, then read-only; paying with a new card restores it at once", async () => {
    const org = await paying("starter", "4000 0000 0000 0341");
    const renewal = new Date("2026-04-01T09:00:00Z");
    kit.clock.now = new Date(renewal.getTime() + 1000);
    await kit.background.runBillingTick();
    expect((await kit.billing.getBillingOverview(org.owner)).status).toBe("past_due");
    for (const day of [1, 3, 5]) {
      kit.clock.now = new Date(renewal.getTime() + day * DAY + 2000);
      await kit.background.runBillingTick();
      await kit.background.runBillingTick();
      expect((await kit.billing.getBillingOverview(org.owner)).status).toBe("past_due");
    }
    kit.clock.now = new Date(renewal.getTime() + 7 * DAY + 2000);
    await kit.background.runBillingTick();
    const readOnly = await kit.billing.getBillingOverview(org.owner);
    expect(readOnly).toMatchObject({ status: "read_only", readOnlyReason: "payment_failed", amountDueMinor: 4_900 });
    const subjects = kit.mailsTo(org.email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith("Payment of invoice"))).toHaveLength(4);
    expect(subjects.at(-1)).toContain("is read-only until invoice");
    const attempts = await database.db
      .selectFrom("payment_attempts")
      .select("outcome")
      .where("organization_id", "=", org.organizationId)
      .execute();
    // The first period was paid in the checkout; the renewal was tried 5 times.
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(Array(5).fill("failed"));

    const owner = await org.actorAs();
    expect(() => authorize(owner, "rules.manage")).toThrow("a payment failed for 7 days");
    const portal = await kit.billing.openPaymentPortal(owner);
    await kit.saveCard(portal.url, "4242424242424242");
    expect(await kit.billing.payOpenInvoices(owner)).toEqual({ paid: 1, failedMessage: null });
    expect(await kit.billing.getBillingOverview(owner)).toMatchObject({ status: "active", amountDueMinor: 0 });
    const fresh = await org.actorAs();
    expect(() => authorize(fresh, "rules.manage")).not.toThrow();
  });

  it("cancels at the period's end (24 hours' notice), keeps access until then, and can be taken back", async () => {
    const org = await paying("starter");
    const { endsAt } = await kit.billing.cancelSubscription(org.owner);
    expect(endsAt.toISOString()).toBe("2026-04-01T09:00:00.000Z");
    await kit.billing.resumeSubscription(org.owner);
    kit.clock.now = new Date("2026-03-31T10:00:00Z");
    const late = await kit.billing.cancelSubscription(org.owner);
    expect(late.endsAt.toISOString()).toBe("2026-05-01T09:00:00.000Z");
    kit.clock.now = new Date("2026-04-01T09:00:01Z");
    await kit.background.runBillingTick();
    expect((await kit.billing.getBillingOverview(org.owner)).status).toBe("active");
    kit.clock.now = new Date("2026-05-01T09:00:01Z");
    await kit.background.runBillingTick();
    expect(await kit.billing.getBillingOverview(org.owner)).toMatchObject({ status: "canceled", renewsAt: null });
  });
});

describe("limits", () => {
  it("allows the 3rd ad account on Starter and refuses the 4th, naming the limit and the plan", async () => {
    const org = await paying("starter");
    const connectionId = randomUUID();
    await database.db
      .insertInto("connections")
      .values({ id: connectionId, organization_id: org.organizationId, platform: "meta" })
      .execute();
    for (let index = 0; index < 2; index++)
      await database.db
        .insertInto("ad_accounts")
        .values({
          id: randomUUID(),
          organization_id: org.organizationId,
          connection_id: connectionId,
          external_id: `act_${index}`,
          name: `Account ${index}`,
          currency: "USD",
        })
        .execute();
    await expect(kit.background.assertWithinLimit(org.organizationId, "adAccounts")).resolves.toBeUndefined();
    const refused = await refusal(kit.background.assertWithinLimit(org.organizationId, "adAccounts", { adding: 2 }));
    expect(refused.message).toBe("Your Starter plan includes 3 ad accounts. Upgrade to add more.");
    // Choosing again within the same connection counts only the others.
    await expect(
      kit.background.assertWithinLimit(org.organizationId, "adAccounts", {
        adding: 3,
        exceptConnectionId: connectionId,
      }),
    ).resolves.toBeUndefined();
  });

  it("counts pending invitations as members, and rules against the plan", async () => {
    const org = await paying("starter");
    await database.db
      .insertInto("invitation")
      .values({
        id: randomUUID(),
        organizationId: org.organizationId,
        email: "new@example.test",
        role: "viewer",
        status: "pending",
        expiresAt: new Date(Date.now() + DAY),
        inviterId: org.userId,
      })
      .execute();
    const members = await refusal(kit.background.assertWithinLimit(org.organizationId, "members"));
    expect(members.message).toBe(
      "Your Starter plan includes 2 team members (invitations included). Upgrade to add more.",
    );
    await expect(
      kit.background.assertWithinLimit(org.organizationId, "rules", { adding: 10 }),
    ).resolves.toBeUndefined();
    expect((await refusal(kit.background.assertWithinLimit(org.organizationId, "rules", { adding: 11 }))).message).toBe(
      "Your Starter plan includes 10 automation rules. Upgrade to add more.",
    );
    const overview = await kit.billing.getBillingOverview(await org.actorAs());
    expect(overview.usage).toMatchObject({ members: { used: 2, limit: 2 }, rules: { used: 0, limit: 10 } });
  });
});

describe("invoices", () => {
  it("renders a real PDF with seller, buyer, VAT number with the reverse-charge note, lines and totals", async () => {
    const org = await kit.newOrganization("Chloé", "EUR");
    const owner = await org.actorAs();
    await kit.billing.updateBillingDetails(owner, {
      companyName: "Chloé Media SAS",
      address: "12 rue de la Paix, 75002 Paris, France",
      vatNumber: "fr 12 345678901",
      billingEmail: "compta@chloe.test",
    });
    const checkout = await kit.billing.startCheckout(owner, { planId: "professional", interval: "monthly" });
    await kit.payCheckout(checkout.url);
    const { filename, pdf } = await kit.billing.renderInvoicePdf(owner, checkout.invoiceId);
    expect(filename).toMatch(/^ADH-2026-\d{6}\.pdf$/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const expected of [
      "Adhelm, Inc.",
      "Chloé Media SAS",
      "12 rue de la Paix",
      "VAT number: FR12345678901",
      "Professional plan, monthly",
      "Subtotal",
      "€149.00",
      "Reverse charge",
      filename.replace(".pdf", ""),
    ])
      expect(text).toContain(expected);

    // Another organization's invoice does not exist for it.
    const other = await kit.newOrganization();
    expect((await refusal(kit.billing.renderInvoicePdf(await other.actorAs(), checkout.invoiceId))).status).toBe(404);
  });

  it("refuses bad billing details field by field and changes nothing", async () => {
    const org = await kit.newOrganization();
    const owner = await org.actorAs();
    const refused = await refusal(kit.billing.updateBillingDetails(owner, { billingEmail: "nope", vatNumber: "12" }));
    expect(refused.details?.fieldErrors).toEqual({
      billingEmail: "Enter a valid email address.",
      vatNumber: "Enter the VAT number with its country prefix, e.g. DE123456789.",
    });
    expect((await kit.billing.getBillingOverview(owner)).account).toMatchObject({
      billingEmail: null,
      vatNumber: null,
    });
  });
});
