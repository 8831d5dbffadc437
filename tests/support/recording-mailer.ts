import type { Mailer, MailMessage } from "#core/ports/mailer.ts";

/** A mailer that keeps what it was asked to send; `failFor` makes sending to those addresses fail. */
export function createRecordingMailer({ failFor = [] }: { failFor?: string[] } = {}) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      if (failFor.includes(message.to)) throw new Error(`SMTP refused ${message.to}`);
      sent.push(message);
    },
  };
  return { mailer, sent, to: (address: string) => sent.filter((message) => message.to === address) };
}

/** The first link in a mail's plain text that starts with `prefix`. */
export function linkInText(message: MailMessage | undefined, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = message?.text.match(new RegExp(`${escaped}\\S*`))?.[0];
  if (!link) throw new Error(`No ${prefix} link in the mail to ${message?.to}`);
  return link;
}
