import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { apiKeyExpiryReminderMail } from "./api-key-expiry-mail.ts";
import type { ApiKeyExpiryRepository } from "./api-key-expiry-repository.ts";

/** The reminder goes out this long before a key expires. */
const EXPIRY_REMINDER_LEAD_MS = 7 * 24 * 60 * 60 * 1000;
/** Keys reminded per run at most; the next run takes the rest. */
const REMINDERS_PER_RUN = 500;

interface ExpiryReminderDependencies {
  expiries: ApiKeyExpiryRepository;
  mailer: Mailer;
  appUrl: string;
  logger?: Logger;
}

/**
 * The daily job: mails each key's creator once when the key expires within 7 days. Revoked keys,
 * keys that never expire and keys already reminded are left alone. A key is claimed before its
 * mail is sent, so two nodes never both send it; a mail that fails is given back for the next run.
 */
export async function remindExpiringApiKeys(deps: ExpiryReminderDependencies, now: Date): Promise<number> {
  const due = await deps.expiries.listDueReminders(
    now,
    new Date(now.getTime() + EXPIRY_REMINDER_LEAD_MS),
    REMINDERS_PER_RUN,
  );
  let sent = 0;
  for (const target of due) {
    if (!(await deps.expiries.claimReminder(target.apiKeyId, now))) continue;
    try {
      await deps.mailer.send(apiKeyExpiryReminderMail(target, deps.appUrl));
      sent += 1;
    } catch (error) {
      await deps.expiries.releaseReminder(target.apiKeyId);
      deps.logger?.warn({ err: error, apiKeyId: target.apiKeyId }, "API key expiry reminder not sent");
    }
  }
  return sent;
}
