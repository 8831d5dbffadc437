import type { Page } from "playwright-core";
import { type CaughtMail, mailsTo } from "./accounts.ts";

/** Sonner's toasts live in the "Notifications" region. */
export function toastIn(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

/**
 * The mail to a shared inbox (support, careers) that mentions `marker`: several tests write to
 * the same address, so the count alone says nothing.
 */
export async function waitForMailMentioning(to: string, marker: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(to)).find((mail) => mail.raw.replace(/=\r?\n/g, "").includes(marker));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} mentions ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mail's headers with folded lines joined, to read long headers whole. */
export function headersOf(mail: CaughtMail | undefined): string {
  return (mail?.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
}
