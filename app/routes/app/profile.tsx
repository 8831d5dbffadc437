import { useTranslation } from "react-i18next";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { AvatarUpload } from "#app/components/account/avatar-upload.tsx";
import { ProfileForm } from "#app/components/account/profile-form.tsx";
import { currenciesIn, toProfileFormValues } from "#app/components/account/profile-values.ts";
import { appContext } from "#app/lib/app-context.ts";
import { mediaTypeOf, readFormData, readJsonBody } from "#app/lib/form-data.server.ts";
import { languageFor, translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { LOCALE_OF } from "#app/lib/i18n/languages.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext, toViewer } from "#app/lib/session.server.ts";
import { roleOf } from "#core/access/actor.ts";
import { listProfileOptions } from "#core/accounts/profile-options.ts";
import { INVALID_IMAGE_MESSAGE } from "#core/accounts/update-avatar.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/profile";

/** The title core gives the same refusal (update-avatar.ts); refuseWith translates both like core's messages. */
const INVALID_IMAGE_TITLE = "Invalid file type";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.meta.title ?? "Adhelm",
    description: loaderData?.meta.description ?? "",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewerContext = await requireViewerContext(request, context);
  const { user, profile } = viewerContext;
  const t = await translatorFor(request, context);
  const options = listProfileOptions();
  return {
    email: user.email,
    name: toViewer(viewerContext).name,
    avatarUrl: profile?.avatarUrl ?? null,
    values: toProfileFormValues(profile, user.name),
    // The role in the active organization (read-only here; the team page changes it).
    role: roleOf(viewerContext.organization.role),
    organizationName: viewerContext.organization.name,
    // Built here so the browser offers exactly what the action will accept, named in the reader's language.
    options: {
      ...options,
      currencies: currenciesIn(options.currencies, LOCALE_OF[await languageFor(request, context)]),
    },
    meta: { title: t("account:profile.meta.title"), description: t("account:profile.meta.description") },
  };
}

/** JSON: the profile form. Multipart with intent "avatar": a new avatar. */
export async function action({ request, context }: Route.ActionArgs) {
  // Same session lookup as requireViewerContext, but a fetcher is answered 401 instead of redirected.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(await translatorFor(request, context));
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  // Read before the try: a body that is not what this action takes is answered 415 or 400 as is.
  const body =
    mediaTypeOf(request) === "multipart/form-data"
      ? { kind: "avatar" as const, form: await readFormData(request) }
      : { kind: "profile" as const, values: await readJsonBody(request) };
  try {
    if (body.kind === "avatar") {
      const file = body.form.get("avatar");
      if (body.form.get("intent") !== "avatar" || !(file instanceof File))
        throw new AppError("bad_request", INVALID_IMAGE_MESSAGE, { title: INVALID_IMAGE_TITLE });
      const avatarUrl = await services.accounts.updateAvatar(actor, Buffer.from(await file.arrayBuffer()));
      return { ok: true as const, intent: "avatar" as const, avatarUrl };
    }
    const profile = await services.accounts.updateProfile(actor, body.values);
    return { ok: true as const, intent: "profile" as const, profile: toProfileFormValues(profile) };
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "profile action failed"),
      await translatorFor(request, context),
    );
  }
}

export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("profile.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("profile.description")}</p>
      </div>
      <AvatarUpload avatarUrl={loaderData.avatarUrl} name={loaderData.name} />
      <ProfileForm
        values={loaderData.values}
        email={loaderData.email}
        options={loaderData.options}
        role={loaderData.role}
        organizationName={loaderData.organizationName}
      />
    </div>
  );
}
