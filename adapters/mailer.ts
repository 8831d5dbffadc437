import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { ensurePrivateDirectory } from "./file-storage.ts";

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
  /**
   * Print each outbox mail's text (its links) in the log, which is how a developer clicks them.
   * Off by default and in production: logs are read by more people than the mail's recipient.
   */
  printsBody?: boolean;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox (0700) as an
 * .eml file (0600) that any mail client opens, and logged by recipient, subject and file name
 * (its text too when printsBody).
 */
export function createMailer({ smtpUrl, from, dataDir, logger, printsBody = false }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const outbox = path.join(dataDir, "outbox");
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { message: raw } = await builder.sendMail({ from, ...message });
      await ensurePrivateDirectory(outbox);
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`);
      // Mail holds sign-in links: only the service account may read it.
      await writeFile(file, raw as Buffer, { mode: 0o600, flag: "wx" });
      const line = { to: message.to, subject: message.subject, file };
      if (printsBody) logger.info(line, `mail (outbox)\n${message.text}`);
      else logger.info(line, "mail (outbox)");
    },
  };
}
