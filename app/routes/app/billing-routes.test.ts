/**
 * The billing screens over HTTP, in process: what the overview shows an admin and a viewer, checkout
 * through the built-in test provider's page, the prorated plan change, the invoice PDF (admins only,
 * never another organization's), and bad input answered field by field with nothing changed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as testPaymentRoute from "#app/routes/billing-test/test-payment.tsx";
import * as invoicePdfRoute from "#app/routes/resources/invoice-pdf.ts";
import * as listRoute from "#app/routes/resources/organization-list.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import * as billingRoute from "./billing.tsx";
import * as invoicesRoute from "./billing-invoices.tsx";
import * as paymentMethodRoute from "./billing-payment-method.tsx";
import * as teamRoute from "./settings-team.tsx";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const FORBIDDEN = "Your role in this organization does not allow this.";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "billing-routes-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/billing", module: billingRoute },
    { path: "/billing/invoices", module: invoicesRoute },
    { path: "/billing/payment-method", module: paymentMethodRoute },
    { path: "/billing/invoices/:invoiceId/pdf", module: invoicePdfRoute },
    { path: "/billing/test-checkout/:id", module: testPaymentRoute },
    { path: "/billing/test-portal/:id", module: testPaymentRoute },
    { path: "/organizations/mine", module: listRoute },
    { path: "/settings/team", module: teamRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let people = 0;
async function signUp() {
  const email = `ada-${Date.now()}-${people++}@example.com`;
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const response = await app.request("/organizations/mine", { headers: { cookie } });
  const { organizations } = (await response.json()) as { organizations: Array<{ organizationId: string }> };
  return { cookie, organizationId: organizations[0]!.organizationId };
}

async function setRole(organizationId: string, role: string) {
  await database.db.updateTable("member").set({ role }).where("organizationId", "=", organizationId).execute();
}

async function read(cookie: string, page = "/billing") {
  const response = await app.request(`${page}.data`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

async function post(cookie: string, body: unknown, page = "/billing") {
  const response = await app.request(`${page}.data`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function payTestPage(url: string, number: string, cookie?: string) {
  const pathOnly = new URL(url).pathname;
  return app.request(pathOnly, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_URL, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ number, expiry: "12/34", cvc: "123", name: "Ada Lovelace" }).toString(),
  });
}

/** An owner who chose Starter monthly and paid with the test card that works. */
async function payingOwner() {
  const ada = await signUp();
  const checkout = await post(ada.cookie, { intent: "checkout", values: { planId: "starter", interval: "monthly" } });
  expect(checkout.status).toBe(200);
  const paid = await payTestPage(checkout.body.url, "4242 4242 4242 4242");
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toBe(`${APP_URL}/billing?checkout=success`);
  return ada;
}

describe("/billing over HTTP", () => {
  it("shows a new organization's owner the Professional trial, usage, plans and the controls", async () => {
    const ada = await signUp();
    const data = await read(ada.cookie);
    expect(data.canManage).toBe(true);
    expect(data.overview).toMatchObject({ planId: "professional", status: "trialing", amountDueMinor: 0 });
    const daysLeft = Math.ceil((new Date(data.overview.trialEndsAt).getTime() - Date.now()) / 86_400_000);
    expect(daysLeft).toBe(14);
    expect(data.overview.usage.members).toEqual({ used: 1, limit: 10 });
    expect(data.overview.invoices).toEqual([]);
    expect(data.overview.account).not.toBeNull();
    expect(data.plans.map((plan: { id: string }) => plan.id)).toEqual(["starter", "professional", "enterprise"]);
  });

  it("shows a viewer the plan, status and usage but no invoices, card or details, and refuses their actions", async () => {
    const ada = await signUp();
    await setRole(ada.organizationId, "viewer");
    const data = await read(ada.cookie);
    expect(data.canManage).toBe(false);
    expect(data.overview).toMatchObject({ planId: "professional", status: "trialing" });
    expect(data.overview.usage.adAccounts).toEqual({ used: 0, limit: 15 });
    expect(data.overview).toMatchObject({ invoices: null, paymentMethod: null, account: null });
    expect((await read(ada.cookie, "/billing/invoices")).invoices).toBeNull();
    expect((await read(ada.cookie, "/billing/payment-method")).paymentMethod).toBeNull();
    for (const body of [
      { intent: "checkout", values: { planId: "starter", interval: "monthly" } },
      { intent: "cancel" },
      { intent: "enterprise", values: { name: "V", email: "v@example.com", company: "C", message: "Hi" } },
    ]) {
      const refused = await post(ada.cookie, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, message: FORBIDDEN });
    }
    const details = await post(ada.cookie, { intent: "details", values: { companyName: "X" } }, "/billing/invoices");
    expect(details.status).toBe(403);
    expect((await post(ada.cookie, { intent: "portal" }, "/billing/payment-method")).status).toBe(403);
    const stillTrial = await read(ada.cookie);
    expect(stillTrial.overview).toMatchObject({ status: "trialing", cancelAtPeriodEnd: false });
  });

  it("answers bad input field by field and changes nothing", async () => {
    const ada = await signUp();
    const checkout = await post(ada.cookie, {
      intent: "checkout",
      values: { planId: "enterprise", interval: "weekly" },
    });
    expect(checkout.status).toBe(422);
    expect(checkout.body).toMatchObject({
      ok: false,
      fieldErrors: {
        planId: "Choose the Starter or Professional plan; Enterprise is arranged with our sales team.",
        interval: "Choose monthly or yearly billing.",
      },
    });
    const sales = await post(ada.cookie, { intent: "enterprise", values: { email: "nope" } });
    expect(sales.status).toBe(422);
    expect(Object.keys(sales.body.fieldErrors).sort()).toEqual(["company", "email", "message", "name"]);
    const details = await post(
      ada.cookie,
      { intent: "details", values: { companyName: "Engines Ltd", billingEmail: "not-mail", vatNumber: "12" } },
      "/billing/invoices",
    );
    expect(details.status).toBe(422);
    expect(details.body.fieldErrors).toEqual({
      billingEmail: "Enter a valid email address.",
      vatNumber: "Enter the VAT number with its country prefix, e.g. DE123456789.",
    });
    const after = await read(ada.cookie, "/billing/invoices");
    expect(after.account).toMatchObject({ companyName: null, billingEmail: null, vatNumber: null });
    expect(after.invoices).toEqual([]);
    expect((await post(ada.cookie, { intent: "nonsense" })).status).toBe(400);
  });

  it("saves billing details normalized: the VAT number upper-cased and compacted, a blank email as none", async () => {
    const ada = await signUp();
    const saved = await post(
      ada.cookie,
      { intent: "details", values: { companyName: "Engines Ltd", vatNumber: "de 123456789", billingEmail: "" } },
      "/billing/invoices",
    );
    expect(saved.status).toBe(200);
    expect((await read(ada.cookie, "/billing/invoices")).account).toMatchObject({
      companyName: "Engines Ltd",
      vatNumber: "DE123456789",
      billingEmail: null,
    });
  });
});

describe("checkout, plan change and invoices over HTTP", () => {
  it("takes a declined card with a field error, then a good one: Starter is active and its invoice paid", async () => {
    const ada = await signUp();
    const checkout = await post(ada.cookie, { intent: "checkout", values: { planId: "starter", interval: "monthly" } });
    expect(checkout.body.url).toMatch(/^http:\/\/localhost:3000\/billing\/test-checkout\//);
    const page = await app.request(`${new URL(checkout.body.url).pathname}.data`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { page: Record<string, unknown> }).page).toMatchObject({
      kind: "checkout",
      amountMinor: 4900,
      isCompleted: false,
    });
    const badForm = await payTestPage(checkout.body.url, "12");
    expect(badForm.status).toBe(422);
    expect(await badForm.json()).toEqual({ ok: false, fieldErrors: { number: "errors.number" } });
    const declined = await payTestPage(checkout.body.url, "4000 0000 0000 0002");
    expect(declined.status).toBe(422);
    expect(await declined.json()).toEqual({ ok: false, fieldErrors: { number: "Your card was declined." } });
    expect((await read(ada.cookie)).overview).toMatchObject({ status: "trialing" });

    const paid = await payTestPage(checkout.body.url, "4242424242424242");
    expect(paid.status).toBe(302);
    const data = await read(ada.cookie);
    expect(data.overview).toMatchObject({
      planId: "starter",
      interval: "monthly",
      status: "active",
      amountDueMinor: 0,
    });
    expect(data.overview.invoices).toHaveLength(1);
    expect(data.overview.invoices[0]).toMatchObject({ status: "paid", totalMinor: 4900 });
    expect((await read(ada.cookie, "/billing/payment-method")).paymentMethod).toMatchObject({ last4: "4242" });
    expect((await app.request("/billing/test-checkout/cs_test_unknown.data")).status).toBe(404);
  });

  it("previews an upgrade's prorated amount without changing anything, then applies it", async () => {
    const ada = await payingOwner();
    const preview = await post(ada.cookie, {
      intent: "preview",
      values: { planId: "professional", interval: "monthly" },
    });
    expect(preview.status).toBe(200);
    // Just after the period started, nearly the whole difference ($149 − $49) is due.
    expect(preview.body.preview.chargeMinor).toBeGreaterThan(9_900);
    expect(preview.body.preview.chargeMinor).toBeLessThanOrEqual(10_000);
    expect((await read(ada.cookie)).overview.planId).toBe("starter");

    const change = await post(ada.cookie, {
      intent: "change",
      values: { planId: "professional", interval: "monthly" },
    });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ ok: true, intent: "change", planId: "professional", currency: "USD" });
    expect(Math.abs(change.body.chargedMinor - preview.body.preview.chargeMinor)).toBeLessThanOrEqual(1);
    const after = await read(ada.cookie);
    expect(after.overview).toMatchObject({ planId: "professional", status: "active" });
    expect(after.overview.invoices).toHaveLength(2);
  });

  it("downloads an invoice's PDF for admins only, and never another organization's", async () => {
    const ada = await payingOwner();
    const [invoice] = (await read(ada.cookie, "/billing/invoices")).invoices as Array<{ id: string; number: string }>;
    const pdf = await app.request(`/billing/invoices/${invoice!.id}/pdf`, { headers: { cookie: ada.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const grace = await signUp();
    const foreign = await app.request(`/billing/invoices/${invoice!.id}/pdf`, { headers: { cookie: grace.cookie } });
    expect(foreign.status).toBe(404);

    await setRole(ada.organizationId, "viewer");
    const refused = await app.request(`/billing/invoices/${invoice!.id}/pdf`, { headers: { cookie: ada.cookie } });
    expect(refused.status).toBe(403);
  });

  it("cancels at the period's end and resumes", async () => {
    const ada = await payingOwner();
    const cancelled = await post(ada.cookie, { intent: "cancel" });
    expect(cancelled.status).toBe(200);
    expect((await read(ada.cookie)).overview).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      renewsAt: null,
    });
    expect((await post(ada.cookie, { intent: "resume" })).status).toBe(200);
    expect((await read(ada.cookie)).overview).toMatchObject({ cancelAtPeriodEnd: false });
  });
});

/** The organization's owner reads Adhelm in `language` (their saved preference). */
async function speaks(organizationId: string, language: string) {
  const owner = await database.db
    .selectFrom("member")
    .select("userId")
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  const preferences = JSON.stringify({ language });
  await database.db
    .insertInto("user_preferences")
    .values({ user_id: owner.userId, preferences, updated_at: new Date() })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ preferences }))
    .execute();
}

describe("a plan limit's refusal", () => {
  it("names the limit, so the screen's toast can offer Upgrade", async () => {
    const ada = await payingOwner();
    const invite = (email: string) =>
      post(ada.cookie, { intent: "invite", values: { email, role: "viewer" } }, "/settings/team");
    // Starter allows 2 members, pending invitations included: Ada and one invitation.
    expect((await invite("grace@example.com")).status).toBe(200);
    const refused = await invite("charles@example.com");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ok: false,
      limit: "members",
      message: expect.stringMatching(/^Your Starter plan includes 2 team members.*Upgrade to add more\.$/),
    });
  });

  it("is worded in the reader's language, with the plan and its figures", async () => {
    const ada = await payingOwner();
    const invite = async (email: string, language: string) => {
      await speaks(ada.organizationId, language);
      const response = await app.request("/settings/team.data", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: APP_URL,
          cookie: ada.cookie,
          "accept-language": language,
        },
        body: JSON.stringify({ intent: "invite", values: { email, role: "viewer" } }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    expect((await invite("grace@example.com", "fr")).status).toBe(200);
    const french = await invite("charles@example.com", "fr");
    expect(french.status).toBe(403);
    expect(french.body).toMatchObject({
      limit: "members",
      message:
        "Votre offre Starter comprend 2 membres d’équipe (invitations comprises). Passez à une offre supérieure pour en ajouter.",
    });
    expect((await invite("charles@example.com", "de")).body.message).toBe(
      "Ihr Starter-Tarif umfasst 2 Teammitglieder (Einladungen eingeschlossen). Wechseln Sie in einen höheren Tarif, um weitere hinzuzufügen.",
    );
  });

  it("of a change to the plan already chosen is worded in the reader's language", async () => {
    const ada = await payingOwner();
    await speaks(ada.organizationId, "es");
    const change = async (values: unknown) => {
      const response = await app.request("/billing.data", {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, cookie: ada.cookie },
        body: JSON.stringify({ intent: "change", values }),
      });
      return (await response.json()) as Record<string, any>;
    };
    expect((await change({ planId: "starter", interval: "monthly" })).message).toBe(
      "Ya tienes el plan Starter con facturación mensual.",
    );
  });
});
