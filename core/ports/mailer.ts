/** Mail the app sends (account, forms, later digests); adapters/mailer.ts delivers it by SMTP or the outbox. */
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
