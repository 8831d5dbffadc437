import { BellOff, CircleAlert, MailX } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { NoticePanel } from "#app/components/forms/notice-panel.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/notifications-unsubscribe";

export const handle = translatedPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches, "notifications");
  return pageMeta({
    title: t("unsubscribe.meta"),
    description: t("unsubscribe.title"),
    path: "/notifications/unsubscribe",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** Opening the link only asks: mail scanners open links too, and must not turn anyone's mail off. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await services.notifications.readUnsubscribeLink(token);
  return { token, link: link ? { email: link.email, isEmailOn: link.isEmailOn } : null };
}

/**
 * The page's button, and RFC 8058 one-click unsubscribe (the mail client's POST with the body
 * "List-Unsubscribe=One-Click" to the List-Unsubscribe URL): email notifications off, no sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const fields = await readFormFields(request);
  const token = fields.token || new URL(request.url).searchParams.get("token");
  const link = await services.notifications.unsubscribeFromEmail(token);
  return { isDone: Boolean(link) };
}

export default function NotificationsUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const { token, link } = loaderData;
  const navigation = useNavigation();
  if (!link)
    return (
      <NoticePanel
        icon={CircleAlert}
        tone="error"
        title={t("unsubscribe.invalidTitle")}
        lead={t("unsubscribe.invalidLead")}
      >
        <Button asChild variant="outline">
          <Link to="/preferences">{t("unsubscribe.preferences")}</Link>
        </Button>
      </NoticePanel>
    );
  const email = <strong className="font-semibold text-foreground" />;
  if (!link.isEmailOn)
    return (
      <NoticePanel
        icon={MailX}
        tone="success"
        title={t("unsubscribe.doneTitle")}
        lead={<Trans t={t} i18nKey="unsubscribe.doneLead" values={{ email: link.email }} components={{ email }} />}
      >
        <Button asChild variant="outline">
          <Link to="/preferences">{t("unsubscribe.preferences")}</Link>
        </Button>
      </NoticePanel>
    );
  return (
    <NoticePanel
      icon={BellOff}
      tone="warning"
      title={t("unsubscribe.title")}
      lead={<Trans t={t} i18nKey="unsubscribe.lead" values={{ email: link.email }} components={{ email }} />}
    >
      <div className="flex flex-wrap justify-center gap-3">
        <Form method="post" action={`/notifications/unsubscribe?token=${encodeURIComponent(token)}`}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            <MailX aria-hidden="true" />
            {t("unsubscribe.action")}
          </Button>
        </Form>
        <Button variant="outline" asChild>
          <Link to="/dashboard">{t("unsubscribe.keep")}</Link>
        </Button>
      </div>
    </NoticePanel>
  );
}
