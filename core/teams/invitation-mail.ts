/**
 * The invitation mail, in the inviter's language (core/teams/locales/<language>/team-mail.json).
 */

import type { AssignableRole } from "#core/access/actor.ts";
import { greet, PRODUCT_NAME, renderLayoutMail } from "#core/mail/mail-layout.ts";
import type { MailMessage } from "#core/ports/mailer.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/team-mail.json" with { type: "json" };
import en from "./locales/en/team-mail.json" with { type: "json" };
import es from "./locales/es/team-mail.json" with { type: "json" };
import fr from "./locales/fr/team-mail.json" with { type: "json" };

const teamMailText = createCatalogText("team-mail", { en, es, fr, de });

const ROLE_KEYS = {
  admin: "roles.admin",
  manager: "roles.manager",
  analyst: "roles.analyst",
  viewer: "roles.viewer",
} as const satisfies Record<AssignableRole, string>;

export function invitationMail(input: {
  to: string;
  inviterName: string;
  organizationName: string;
  role: AssignableRole;
  url: string;
  language: string | null;
}): MailMessage {
  const language = teamMailText.languageOf(input.language);
  const t = teamMailText.textIn(language);
  const values = {
    product: PRODUCT_NAME,
    inviter: input.inviterName,
    organization: input.organizationName,
    role: t(ROLE_KEYS[input.role]),
  };
  return renderLayoutMail({
    to: input.to,
    language,
    subject: t("invitation.subject", values),
    greeting: greet(undefined, language),
    lines: [t("invitation.line", values), t("invitation.role", values)],
    action: { label: t("invitation.action"), url: input.url },
    footnote: t("invitation.footnote"),
  });
}
