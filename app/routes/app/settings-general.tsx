import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { currenciesIn } from "#app/components/account/profile-values.ts";
import { GeneralSettingsScreen } from "#app/components/organizations/general-settings-screen.tsx";
import type { SettingsActionResult } from "#app/components/organizations/settings-action-result.ts";
import { appContext } from "#app/lib/app-context.ts";
import { mediaTypeOf, readFormData, readJsonBody } from "#app/lib/form-data.server.ts";
import { languageFor, translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { isLanguage, LOCALE_OF } from "#app/lib/i18n/languages.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { listProfileOptions } from "#core/accounts/profile-options.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/settings-general";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const language = (matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined)
    ?.language;
  const i18n = i18nFor(isLanguage(language) ? language : "en") ?? i18nFor("en");
  const t = (key: string) => i18n?.t(key, { ns: "organization" }) ?? key;
  return pageMeta({
    title: t("settings.meta.title"),
    description: t("settings.meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const settings = await services.organizations.getOrganizationSettings(actorOf(viewer));
  const options = listProfileOptions();
  return {
    settings,
    // Built here so the browser offers exactly what the action will accept, named in the reader's language.
    options: {
      ...options,
      currencies: currenciesIn(options.currencies, LOCALE_OF[await languageFor(request, context)]),
    },
  };
}

const jsonSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("settings"), values: z.unknown() }),
  z.object({ intent: z.literal("remove-logo") }),
]);

/** JSON: the settings form, or removing the logo. Multipart with intent "logo": a new logo. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId, clientAddress } = context.get(appContext);
  const actor = actorOf(viewer);
  const isUpload = mediaTypeOf(request) === "multipart/form-data";
  const body = isUpload ? await readFormData(request) : await readJsonBody(request);
  try {
    if (body instanceof FormData) {
      const file = body.get("logo");
      if (body.get("intent") !== "logo" || !(file instanceof File))
        throw new AppError("bad_request", "Please upload an image file.", {
          fieldErrors: { logo: "Please upload an image file." },
        });
      const logo = await services.organizations.updateOrganizationLogo(actor, {
        bytes: Buffer.from(await file.arrayBuffer()),
        ipAddress: clientAddress,
      });
      return { ok: true, intent: "logo", logo } satisfies SettingsActionResult;
    }
    const parsed = jsonSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    if (parsed.data.intent === "remove-logo") {
      await services.organizations.removeOrganizationLogo(actor, { ipAddress: clientAddress });
      return { ok: true, intent: "remove-logo" } satisfies SettingsActionResult;
    }
    const settings = await services.organizations.updateOrganizationSettings(actor, {
      values: parsed.data.values,
      ipAddress: clientAddress,
    });
    return { ok: true, intent: "settings", settings } satisfies SettingsActionResult;
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "organization settings action failed"),
      t,
    );
  }
}

export default function GeneralSettingsRoute({ loaderData }: Route.ComponentProps) {
  return <GeneralSettingsScreen {...loaderData} />;
}
