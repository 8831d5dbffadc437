import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface OutboxMail {
  to: string;
  subject: string;
  raw: string;
}

/** Mails the default (no SMTP) mailer wrote to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const directory = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(directory).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const raw = readFileSync(path.join(directory, file), "utf8");
    return { to: headerOf(raw, "To"), subject: headerOf(raw, "Subject"), raw };
  });
}

function headerOf(raw: string, name: string): string {
  return raw.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
}

/** The first link in a mail that starts with `prefix`, with quoted-printable soft breaks undone. */
export function linkIn(raw: string, prefix: string): string | null {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return decoded.match(new RegExp(`${escaped}[^\\s"<>]*`))?.[0]?.replace(/&amp;/g, "&") ?? null;
}

/** Mail is sent in the background; waits until `count` mails for `to` have arrived. */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 5_000): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(dataDir).filter((mail) => mail.to.includes(to));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`Expected ${count} mail(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
