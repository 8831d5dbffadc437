import { CircleAlert, MailMinus, MailPlus, MailX } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { NoticePanel } from "#app/components/forms/notice-panel.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { visitorOf } from "#app/lib/session.server.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

// No React in the browser: its forms work as plain form posts.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Unsubscribe",
    description: "Stop receiving Adhelm product news, or subscribe again.",
    path: "/newsletter/unsubscribe",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

/** Opening the link only asks: mail scanners open links too, and must not unsubscribe anyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, link: await services.site.readUnsubscribeLink(visitorOf(context), token) };
}

/**
 * The page's button, and RFC 8058 one-click unsubscribe (a mail client's POST with the body
 * "List-Unsubscribe=One-Click"): both unsubscribe. The page's other button resubscribes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const fields = await readFormFields(request);
  const token = fields.token || new URL(request.url).searchParams.get("token");
  if (fields.intent === "resubscribe") {
    const link = await services.site.resubscribeToNewsletter(visitorOf(context), token);
    return { intent: "resubscribe" as const, isDone: Boolean(link) };
  }
  const link = await services.site.unsubscribeFromNewsletter(visitorOf(context), token);
  return { intent: "unsubscribe" as const, isDone: Boolean(link) };
}

function TokenForm({ token, intent, children }: { token: string; intent: string; children: ReactNode }) {
  return (
    <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, link } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";

  if (!link)
    return (
      <NoticePanel
        icon={CircleAlert}
        tone="error"
        title="This unsubscribe link isn't valid"
        lead="It may be incomplete. Open the unsubscribe link in the latest email we sent you, or write to us and we will unsubscribe you."
      >
        <Button variant="outline" asChild>
          <Link to="/help#contact">Contact support</Link>
        </Button>
      </NoticePanel>
    );

  const email = <strong className="font-semibold text-foreground">{link.email}</strong>;

  if (!link.isSubscribed)
    return (
      <NoticePanel
        icon={MailX}
        tone="success"
        title="You're unsubscribed"
        lead={<>We won't send Adhelm product news to {email} any more.</>}
      >
        <div className="grid justify-items-center gap-3">
          <p className="text-muted-foreground text-sm">Unsubscribed by mistake?</p>
          <TokenForm token={token} intent="resubscribe">
            <Button type="submit" variant="outline" disabled={isSubmitting}>
              <MailPlus aria-hidden="true" />
              Resubscribe
            </Button>
          </TokenForm>
        </div>
      </NoticePanel>
    );

  const isResubscribed = actionData?.intent === "resubscribe" && actionData.isDone;
  return (
    <NoticePanel
      icon={isResubscribed ? MailPlus : MailMinus}
      tone={isResubscribed ? "success" : "warning"}
      title={isResubscribed ? "You're subscribed again" : "Unsubscribe from Adhelm product news?"}
      lead={
        isResubscribed ? (
          <>Welcome back! Product news will keep coming to {email}.</>
        ) : (
          <>You will stop receiving product news at {email}. You can subscribe again at any time.</>
        )
      }
    >
      {isResubscribed ? (
        <Button asChild>
          <Link to="/blog">Read the blog</Link>
        </Button>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <TokenForm token={token} intent="unsubscribe">
            <Button type="submit" disabled={isSubmitting}>
              <MailMinus aria-hidden="true" />
              Unsubscribe
            </Button>
          </TokenForm>
          <Button variant="outline" asChild>
            <Link to="/">Keep my subscription</Link>
          </Button>
        </div>
      )}
    </NoticePanel>
  );
}
