import { MailX, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { ROLE_LABEL_KEYS } from "#app/components/team/team-types.ts";
import { Button } from "#app/components/ui/button.tsx";
import { CardContent } from "#app/components/ui/card.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { setFlashCookie } from "#app/lib/flash.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { getViewerContextFor } from "#app/lib/session.server.ts";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "invitation");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export const handle = translatedPage;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const [invitation, viewer] = await Promise.all([
    services.teams.getInvitation(params.token),
    getViewerContextFor(request, context),
  ]);
  return { invitation, token: params.token, signedInEmail: viewer?.user.email ?? null };
}

/** Accepts the invitation as the signed-in person, then opens the dashboard in its organization. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  try {
    const joined = await services.teams.acceptInvitation({
      token: params.token,
      user: viewer.user,
      sessionId: viewer.sessionId,
    });
    const title = t("invitation:joined", { organization: joined.organizationName });
    return redirect("/dashboard", { headers: { "Set-Cookie": setFlashCookie({ kind: "success", title }) } });
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "accept invitation failed"),
      t,
    );
  }
}

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("invitation");
  const { invitation, token, signedInEmail } = loaderData;
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const here = `/invitations/${token}`;

  if (invitation.state !== "pending") {
    const reason = {
      unknown: { title: "gone.unknown.title", body: "gone.unknown.body" },
      expired: { title: "gone.expired.title", body: "gone.expired.body" },
      accepted: { title: "gone.accepted.title", body: "gone.accepted.body" },
      revoked: { title: "gone.revoked.title", body: "gone.revoked.body" },
    }[invitation.state];
    return (
      <AuthScreen icon={<MailX aria-hidden="true" className="size-10 text-muted-foreground" />} title={t(reason.title)}>
        <CardContent className="grid gap-4">
          <p className="text-muted-foreground">{t(reason.body)}</p>
          <p className="text-muted-foreground">{t("gone.askAdmin")}</p>
          <Button asChild variant="outline">
            <Link to={signedInEmail ? "/dashboard" : "/login"}>
              {signedInEmail ? t("gone.toDashboard") : t("signIn")}
            </Link>
          </Button>
        </CardContent>
      </AuthScreen>
    );
  }

  const isInvitedPerson = signedInEmail?.toLowerCase() === invitation.email.toLowerCase();
  // The role's name from this page's own catalog: the browser has only the public site's namespaces here.
  const role = t(ROLE_LABEL_KEYS[invitation.role]);
  return (
    <AuthScreen
      icon={<Users aria-hidden="true" className="size-10 text-primary" />}
      title={t("title", { organization: invitation.organizationName })}
      description={
        invitation.inviterName
          ? t("invitedBy", { name: invitation.inviterName, organization: invitation.organizationName, role })
          : t("invitedAs", { organization: invitation.organizationName, role })
      }
    >
      <CardContent className="grid gap-4">
        <p className="text-muted-foreground text-sm">{t("sentTo", { email: invitation.email })}</p>
        {refusal && !refusal.ok ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive text-sm"
          >
            {refusal.message}
          </p>
        ) : null}
        {isInvitedPerson ? (
          <Form method="post" className="grid">
            <SubmitButton isPending={navigation.state !== "idle"} worksWithoutJavaScript pendingLabel={t("accepting")}>
              {t("accept")}
            </SubmitButton>
          </Form>
        ) : signedInEmail ? (
          <>
            <p role="note" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              {t("otherAccount", { signedIn: signedInEmail, invited: invitation.email })}
            </p>
            <Form method="post" action="/logout" className="grid">
              <Button type="submit" variant="outline">
                {t("signOut")}
              </Button>
            </Form>
          </>
        ) : (
          <div className="grid gap-3">
            <Button asChild>
              <Link to={`/signup?${new URLSearchParams({ email: invitation.email, invitation: token })}`}>
                {t("createAccount")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/login?${new URLSearchParams({ redirectTo: here })}`}>{t("signIn")}</Link>
            </Button>
            <p className="text-muted-foreground text-sm">{t("haveAccount")}</p>
          </div>
        )}
      </CardContent>
    </AuthScreen>
  );
}
