import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369/8058) on newsletter mail or Reply-To. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is printed and written to
 * DATA_DIR/outbox as an .eml file that any mail client opens.
 */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
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
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`);
      await writeFile(file, raw as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, `mail (outbox)\n${message.text}`);
    },
  };
}
