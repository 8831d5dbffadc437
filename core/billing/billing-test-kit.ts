/**
 * What billing's tests share: a real database, the built-in test provider (an adapter, not one of
 * our modules), a recording mailer and a clock the test moves.
 */
import { randomUUID } from "node:crypto";
import { createBuiltinPaymentProvider } from "#adapters/payments/builtin-payment-provider.ts";
import { type Role, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import { createBillingBackground, createBillingModule } from "./billing-module.ts";
import { organizationReadOnly } from "./organization-read-only.ts";

export const SALES = "sales@adhelm.test";
export const APP_URL = "https://app.adhelm.test";

export function createBillingKit(database: DatabaseHandle, start: Date) {
  const clock = { now: start };
  const sent: MailMessage[] = [];
  const mailer = { send: async (message: MailMessage) => void sent.push(message) };
  const now = () => clock.now;
  const deps = () => ({ db: database.db, provider, mailer, appUrl: APP_URL, salesEmail: SALES, now });
  const provider = createBuiltinPaymentProvider({
    db: database.db,
    appUrl: APP_URL,
    onEvent: (event) => background.handleProviderEvent(event),
  });
  const background = createBillingBackground(deps());
  const billing = createBillingModule(deps());

  /** A person who owns a new organization (in `currency`), its trial started now. */
  async function newOrganization(name = "Ada", currency = "USD") {
    const { db } = database;
    const userId = randomUUID();
    const email = `${userId}@example.test`;
    await db.insertInto("user").values({ id: userId, name, email, emailVerified: true }).execute();
    const home = await createOrganizationRepository(db).createWithOwner({
      name: `${name}'s workspace`,
      ownerId: userId,
      createdAt: clock.now,
      currency,
    });
    await background.startTrial(home.organizationId);
    const actorAs = async (role: Role = "owner") =>
      userActor({
        userId,
        name,
        organizationId: home.organizationId,
        role,
        readOnly: await organizationReadOnly(db, home.organizationId),
      });
    return { userId, email, organizationId: home.organizationId, actorAs };
  }

  /** Pays the checkout at `url` with a test card, as the built-in page's form does. */
  async function payCheckout(url: string, card = "4242 4242 4242 4242") {
    const id = url.split("/").at(-1) ?? "";
    return provider.completeCheckout(id, card);
  }

  async function saveCard(portalUrl: string, card: string) {
    return provider.updateCard(portalUrl.split("/").at(-1) ?? "", card);
  }

  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  const mailsTo = (address: string) => sent.filter((message) => message.to === address);

  return { clock, sent, mailsTo, provider, background, billing, newOrganization, payCheckout, saveCard, advance };
}
