import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { Link } from "react-router";
import { NoticePanel } from "#app/components/forms/notice-panel.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { visitorOf } from "#app/lib/session.server.ts";
import { staticPage } from "#app/lib/static-page.ts";
import type { ConfirmationOutcome } from "#core/newsletter/confirm-newsletter-subscription.ts";
import type { Route } from "./+types/newsletter-confirm";

// No React in the browser: its forms work as plain form posts.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your subscription to Adhelm product news.",
    path: "/newsletter/confirm",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

/** Opening the mailed link confirms the subscription (once; again is harmless). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token");
  return { outcome: await services.site.confirmNewsletterSubscription(visitorOf(context), token) };
}

// Loaders re-run after any form on the page; the first answer ("confirmed") is the one to keep.
export const shouldRevalidate = () => false;

const CONTENT: Record<
  ConfirmationOutcome,
  { title: string; lead: string; tone: "success" | "warning" | "error"; canSubscribe: boolean }
> = {
  confirmed: {
    title: "Subscription confirmed",
    lead: "Thank you! You will now receive Adhelm product news: new features, release notes and articles on running ads across platforms. Every email has a link to unsubscribe.",
    tone: "success",
    canSubscribe: false,
  },
  "already-confirmed": {
    title: "You're already subscribed",
    lead: "This subscription was confirmed before, so there is nothing more to do. Every email we send has a link to unsubscribe.",
    tone: "success",
    canSubscribe: false,
  },
  expired: {
    title: "This link has expired",
    lead: "Confirmation links work for 7 days. Enter your email address in the subscribe box again and we will send you a new one.",
    tone: "warning",
    canSubscribe: true,
  },
  invalid: {
    title: "This link isn't valid",
    lead: "It may be incomplete, or a newer email replaced it. Open the link in the latest email we sent you, or subscribe again.",
    tone: "error",
    canSubscribe: true,
  },
};

const ICONS = { success: CircleCheck, warning: Clock, error: CircleAlert } as const;

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const content = CONTENT[loaderData.outcome];
  return (
    <NoticePanel icon={ICONS[content.tone]} tone={content.tone} title={content.title} lead={content.lead}>
      <div className="flex flex-wrap justify-center gap-3">
        {content.canSubscribe ? (
          <Button asChild>
            {/* The footer's subscribe box, on this very page. */}
            <a href="#newsletter-footer">Subscribe again</a>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/blog">Read the blog</Link>
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link to="/changelog">See what's new</Link>
        </Button>
      </div>
    </NoticePanel>
  );
}
