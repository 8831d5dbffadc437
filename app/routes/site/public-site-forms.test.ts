import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as subscribeRoute from "#app/routes/resources/newsletter-subscribe.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { linkIn, readOutbox, waitForMail } from "#tests/support/outbox.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import * as careersRoute from "./careers.tsx";
import * as helpRoute from "./help.tsx";
import * as confirmRoute from "./newsletter-confirm.tsx";
import * as unsubscribeRoute from "./newsletter-unsubscribe.tsx";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
let database: DatabaseHandle | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The real app (middleware, services, outbox mailer) in front of the public forms' route modules. */
async function setup(overrides: Record<string, string> = {}) {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "forms-"));
  const env = testEnv({
    APP_URL,
    DATA_DIR: dataDir,
    CAREERS_EMAIL: "careers@adhelm.test",
    SUPPORT_EMAIL: "support@adhelm.test",
    ...overrides,
  });
  const handlePage = createRouteHandler([
    { path: "/newsletter/subscribe", module: subscribeRoute },
    { path: "/newsletter/confirm", module: confirmRoute },
    { path: "/newsletter/unsubscribe", module: unsubscribeRoute },
    { path: "/careers", module: careersRoute },
    { path: "/help", module: helpRoute },
  ]);
  const app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  /** A form post from our own pages (the origin check wants our Origin). */
  const post = (route: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(route, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_URL, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  return { app, post, dataDir, db: database.db };
}

type Context = Awaited<ReturnType<typeof setup>>;

const subscriberOf = (context: Context, email: string) =>
  context.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();

/** Subscribes through a fetcher's URL and returns the mailed links. */
async function subscribe(context: Context, email: string) {
  const response = await context.post("/newsletter/subscribe.data", { email, source: "footer", redirectTo: "/" });
  expect(response.status).toBe(200);
  const [mail] = await waitForMail(context.dataDir, email);
  const raw = mail?.raw ?? "";
  return {
    response,
    raw,
    confirmLink: linkIn(raw, `${APP_URL}/newsletter/confirm?token=`) ?? "",
    unsubscribeLink: linkIn(raw, `${APP_URL}/newsletter/unsubscribe?token=`) ?? "",
  };
}

describe("POST /newsletter/subscribe", () => {
  it("answers a fetcher with the message, stores a pending subscriber and mails both links with one-click headers", async () => {
    const context = await setup();
    const { response, raw, confirmLink, unsubscribeLink } = await subscribe(context, "ada@example.com");
    expect(await response.json()).toEqual({
      ok: true,
      title: "Check your inbox",
      message: "Check your inbox to confirm your subscription. Already subscribed? Then there is nothing more to do.",
    });
    expect((await subscriberOf(context, "ada@example.com"))?.status).toBe("pending");
    expect(confirmLink).toMatch(/token=[\w-]{43}$/);
    expect(unsubscribeLink).toMatch(/token=[\w-]{43}$/);
    // Long headers are folded onto continuation lines; unfold before reading them.
    const headers = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^Subject: Confirm your subscription to Adhelm product news$/m);
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribeLink}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("sends a plain form post back to its page with the outcome and a flash toast", async () => {
    const context = await setup();
    const response = await context.post("/newsletter/subscribe", {
      email: "grace@example.com",
      source: "blog",
      redirectTo: "/blog?page=2",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "/blog?page=2&newsletter=sent&newsletter-source=blog#newsletter-blog",
    );
    expect(response.headers.get("set-cookie")).toMatch(/^adhelm\.flash=/);
    await waitForMail(context.dataDir, "grace@example.com");

    // Never somewhere else, whatever the form says.
    const offSite = await context.post("/newsletter/subscribe", {
      email: "grace@example.com",
      source: "footer",
      redirectTo: "//evil.example.com/",
    });
    expect(offSite.headers.get("location")).toBe("/?newsletter=sent&newsletter-source=footer#newsletter-footer");
  });

  it("answers a confirmed address exactly as a new one, and mails it nothing", async () => {
    const context = await setup();
    const { confirmLink } = await subscribe(context, "hedy@example.com");
    await context.app.request(new URL(confirmLink).pathname + new URL(confirmLink).search);
    const before = await subscriberOf(context, "hedy@example.com");
    expect(before?.status).toBe("confirmed");

    const again = await context.post("/newsletter/subscribe.data", { email: "Hedy@Example.com", source: "changelog" });
    const fresh = await context.post("/newsletter/subscribe.data", { email: "new@example.com", source: "changelog" });
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());
    await waitForMail(context.dataDir, "new@example.com");
    expect(readOutbox(context.dataDir).filter((mail) => mail.to.includes("hedy@example.com"))).toHaveLength(1);
    expect(await subscriberOf(context, "hedy@example.com")).toEqual(before);
  });

  it("refuses an invalid email with a clear message and stores nothing", async () => {
    const context = await setup();
    const response = await context.post("/newsletter/subscribe.data", { email: "not-an-email", source: "footer" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      title: "Check your email address",
      message: "Enter a valid email address, like name@company.com",
      fieldErrors: { email: "Enter a valid email address, like name@company.com" },
    });
    expect(await context.db.selectFrom("newsletter_subscribers").select("id").execute()).toHaveLength(0);

    const plain = await context.post("/newsletter/subscribe", { email: "", source: "footer", redirectTo: "/pricing" });
    expect(plain.headers.get("location")).toBe(
      "/pricing?newsletter=invalid&newsletter-source=footer#newsletter-footer",
    );
  });

  it("refuses a post from another site", async () => {
    const context = await setup();
    const response = await context.post(
      "/newsletter/subscribe.data",
      { email: "eve@example.com", source: "footer" },
      { origin: "https://evil.example.com" },
    );
    expect(response.status).toBe(403);
    expect(await context.db.selectFrom("newsletter_subscribers").select("id").execute()).toHaveLength(0);
  });

  it("answers 429 with a clear message and Retry-After past the per-address limit", async () => {
    const context = await setup({ NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR: "1" });
    await subscribe(context, "ida@example.com");
    const refused = await context.post("/newsletter/subscribe.data", { email: "ida@example.com", source: "footer" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      ok: false,
      title: "Too many requests",
      message: expect.stringMatching(/^Too many confirmation emails were requested for this address\. Try again in/),
    });
  });

  it("answers 429 past the per-client limit", async () => {
    const context = await setup({ PUBLIC_FORMS_PER_IP_PER_HOUR: "2" });
    await subscribe(context, "one@example.com");
    await subscribe(context, "two@example.com");
    const refused = await context.post("/newsletter/subscribe.data", { email: "three@example.com", source: "footer" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^Too many subscription requests came from your network\. Try again in/),
    });
    expect(await subscriberOf(context, "three@example.com")).toBeUndefined();
  });
});

describe("confirm and unsubscribe links", () => {
  it("confirm once; the second visit is harmless", async () => {
    const context = await setup();
    const { confirmLink } = await subscribe(context, "katherine@example.com");
    const url = new URL(confirmLink);
    const first = await context.app.request(`${url.pathname}${url.search}`);
    expect(await first.json()).toEqual({ outcome: "confirmed" });
    const second = await context.app.request(`${url.pathname}${url.search}`);
    expect(await second.json()).toEqual({ outcome: "already-confirmed" });
    expect((await subscriberOf(context, "katherine@example.com"))?.status).toBe("confirmed");
    const unknown = await context.app.request(`/newsletter/confirm?token=${"a".repeat(43)}`);
    expect(await unknown.json()).toEqual({ outcome: "invalid" });
  });

  it("opening the unsubscribe link changes nothing; the page's POST unsubscribes and can resubscribe", async () => {
    const context = await setup();
    const { unsubscribeLink } = await subscribe(context, "margaret@example.com");
    const url = new URL(unsubscribeLink);
    const token = url.searchParams.get("token") ?? "";
    const opened = await context.app.request(`${url.pathname}${url.search}`);
    expect(await opened.json()).toEqual({ token, link: { email: "margaret@example.com", isSubscribed: true } });
    expect((await subscriberOf(context, "margaret@example.com"))?.status).toBe("pending");

    const unsubscribed = await context.post(`${url.pathname}${url.search}`, { token, intent: "unsubscribe" });
    expect(await unsubscribed.json()).toEqual({ intent: "unsubscribe", isDone: true });
    expect((await subscriberOf(context, "margaret@example.com"))?.status).toBe("unsubscribed");

    const resubscribed = await context.post(`${url.pathname}${url.search}`, { token, intent: "resubscribe" });
    expect(await resubscribed.json()).toEqual({ intent: "resubscribe", isDone: true });
    expect((await subscriberOf(context, "margaret@example.com"))?.status).toBe("confirmed");
  });

  it("unsubscribes with a mail client's one-click POST (RFC 8058), which carries no Origin or cookie", async () => {
    const context = await setup();
    const { unsubscribeLink } = await subscribe(context, "annie@example.com");
    const url = new URL(unsubscribeLink);
    const response = await context.app.request(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect((await subscriberOf(context, "annie@example.com"))?.status).toBe("unsubscribed");
  });

  it("says an unknown unsubscribe link is not valid", async () => {
    const context = await setup();
    const response = await context.post(`/newsletter/unsubscribe?token=${"b".repeat(43)}`, {});
    expect(await response.json()).toEqual({ intent: "unsubscribe", isDone: false });
  });
});

const application = {
  position: "product-designer",
  name: "Grace Hopper",
  email: "grace@example.com",
  link: "https://grace.example.com/portfolio",
  message: "I design tools that make hard things simple, and I would love to do that for marketers.",
};

describe("POST /careers", () => {
  it("stores the application and mails the team and the applicant", async () => {
    const context = await setup();
    const response = await context.post("/careers?apply=product-designer", application);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      position: { slug: "product-designer", title: "Senior Product Designer" },
      email: "grace@example.com",
      isConfirmationSent: true,
    });
    expect(await context.db.selectFrom("job_applications").selectAll().execute()).toMatchObject([
      { position_slug: "product-designer", name: "Grace Hopper", email: "grace@example.com" },
    ]);
    const [toTeam] = await waitForMail(context.dataDir, "careers@adhelm.test");
    expect(toTeam?.subject).toBe("New application: Senior Product Designer (Grace Hopper)");
    expect(toTeam?.raw).toMatch(/^Reply-To: grace@example\.com$/m);
    const [toApplicant] = await waitForMail(context.dataDir, "grace@example.com");
    expect(toApplicant?.subject).toBe("We received your application for Senior Product Designer");
  });

  it("refuses bad input field by field, echoes the values for the form and stores nothing", async () => {
    const context = await setup();
    const response = await context.post("/careers.data", { ...application, email: "grace", link: "grace.dev" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      email: "Enter a valid email address, like name@company.com",
      link: "Enter a full link that starts with https://, like https://linkedin.com/in/your-name",
    });
    expect(body.values).toMatchObject({ name: "Grace Hopper", link: "grace.dev" });
    expect(await context.db.selectFrom("job_applications").select("id").execute()).toHaveLength(0);
    expect(readOutbox(context.dataDir)).toHaveLength(0);
  });

  it("answers 429 past the per-client limit", async () => {
    const context = await setup({ PUBLIC_FORMS_PER_IP_PER_HOUR: "1" });
    expect((await context.post("/careers.data", application)).status).toBe(200);
    const refused = await context.post("/careers.data", application);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^Too many applications came from your network\. Try again in/),
    });
  });
});

describe("POST /help", () => {
  const contact = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    topic: "billing",
    message: "Can I move from monthly to yearly billing in the middle of a month?",
  };

  it("stores the message under a reference and mails support and the sender", async () => {
    const context = await setup();
    const response = await context.post("/help", contact);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, email: "ada@example.com", isConfirmationSent: true });
    expect(body.reference).toMatch(/^ADH-[0-9A-Z]{8}$/);
    expect(await context.db.selectFrom("contact_messages").selectAll().execute()).toMatchObject([
      { reference: body.reference, topic: "billing", email: "ada@example.com" },
    ]);
    const [toSupport] = await waitForMail(context.dataDir, "support@adhelm.test");
    expect(toSupport?.subject).toBe(`[${body.reference}] Billing and plans: message from Ada Lovelace`);
    const [toSender] = await waitForMail(context.dataDir, "ada@example.com");
    expect(toSender?.subject).toBe(`We received your message (${body.reference})`);
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const context = await setup();
    const bad = { name: "", email: "ada@example.com", topic: "", message: "short" };
    const response = await context.post("/help.data", bad);
    expect(response.status).toBe(400);
    const fieldErrors = { name: "Enter your name", topic: "Choose a topic", message: "Write at least 20 characters" };
    expect((await response.json()).fieldErrors).toEqual(fieldErrors);
    // A plain post gets the page back, with the form and its errors: a page that renders as intended.
    const plain = await context.post("/help", bad);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ ok: false, fieldErrors, values: bad });
    expect(await context.db.selectFrom("contact_messages").select("id").execute()).toHaveLength(0);
  });

  it("answers 429 past the per-client limit", async () => {
    const context = await setup({ PUBLIC_FORMS_PER_IP_PER_HOUR: "1" });
    expect((await context.post("/help.data", contact)).status).toBe(200);
    const refused = await context.post("/help.data", contact);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await context.db.selectFrom("contact_messages").select("id").execute()).toHaveLength(1);
  });
});
