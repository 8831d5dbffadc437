import { type ReactNode, useEffect } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import "./lib/zod-config.ts";
import { StaticToast } from "./components/layout/static-toast.tsx";
import { Toaster } from "./components/ui/sonner.tsx";
import { appContext } from "./lib/app-context.ts";
import { type Flash, readFlash } from "./lib/flash.server.ts";
import { loadResources } from "./lib/i18n/catalogs.ts";
import { isLanguage, type Language, languageFromAcceptLanguage } from "./lib/i18n/languages.ts";
import { isSiteCatalogsDocument, isTranslatedDocument } from "./lib/i18n/translated.ts";
import { useI18n } from "./lib/i18n/use-i18n.ts";
import { useNonce } from "./lib/nonce.tsx";
import { getViewerContextFor, toViewer } from "./lib/session.server.ts";
import { siteScript } from "./lib/site-script.ts";
import { isStaticDocument } from "./lib/static-page.ts";
import { themeBootScript } from "./lib/theme.ts";
import { useTheme } from "./lib/use-theme.ts";
import type { Viewer } from "./lib/viewer.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

interface RootData {
  appUrl: string;
  isGitHubConfigured: boolean;
  viewer: Viewer | null;
  /**
   * The reader's language: a signed-in person's preference, else the browser's Accept-Language
   * when it is one of ours. Translated screens speak it; the marketing pages stay in English.
   */
  language: Language;
  /** A toast carried across a full page load, shown once. */
  flash: (Flash & { id: string }) | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicEnv, requestId } = context.get(appContext);
  const viewerContext = await getViewerContextFor(request, context);
  const pendingFlash = readFlash(request);
  const saved = viewerContext?.preferences.language;
  const language = isLanguage(saved) ? saved : languageFromAcceptLanguage(request.headers.get("accept-language"));
  // The first HTML is already in the reader's language: its catalogs are here before rendering.
  await loadResources(language);
  const rootData: RootData = {
    appUrl: publicEnv.APP_URL,
    isGitHubConfigured: publicEnv.isGitHubConfigured,
    viewer: viewerContext ? toViewer(viewerContext) : null,
    language,
    flash: pendingFlash ? { ...pendingFlash.flash, id: requestId } : null,
  };
  return data(rootData, pendingFlash ? { headers: { "Set-Cookie": pendingFlash.clearCookie } } : undefined);
}

// Who is signed in can change on any navigation (sign-in, sign-out, profile edits): always re-read.
export const shouldRevalidate = () => true;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const language = useRootData()?.language ?? "en";
  const matches = useMatches();
  const isStatic = isStaticDocument(matches);
  const isTranslated = isTranslatedDocument(matches);
  // An English-only page (the marketing site, the legal documents) speaks English throughout,
  // including the kit's screen-reader names and toasts, whatever the reader's language.
  const i18n = useI18n(isTranslated ? language : "en");
  // Marks the moment React has taken over the server's HTML (browser tests wait for it). A
  // static page is complete as it arrives: nothing will take it over.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={isTranslated ? language : "en"}
      data-language={language}
      data-catalogs={isSiteCatalogsDocument(matches) ? "site" : undefined}
      data-hydrated={isStatic ? "static" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f4fd8" />
        {/* Must run before the body paints: sets the dark class from localStorage. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh">
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: siteScript }} />
        {isStatic ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { t } = useTranslation("common");
  const { theme } = useTheme();
  const flash = useRootData()?.flash ?? null;
  const isStatic = isStaticDocument(useMatches());
  useEffect(() => {
    if (!flash) return;
    const show = flash.kind === "error" ? toast.error : toast.success;
    show(flash.title, { id: flash.id, description: flash.description });
  }, [flash]);
  return (
    <>
      <Outlet />
      {isStatic ? (
        flash ? (
          <StaticToast flash={flash} />
        ) : null
      ) : (
        <Toaster theme={theme} containerAriaLabel={t("toasts.region")} />
      )}
    </>
  );
}

type RefusalData = { error?: { message?: unknown } } | null | undefined;

export function ErrorBoundary() {
  const { t } = useTranslation("common");
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (e.g. a body of the wrong type, app/lib/form-data.server.ts) says what was wrong.
  const refusal = isRouteErrorResponse(error) && status < 500 ? (error.data as RefusalData)?.error?.message : undefined;
  return (
    <main className="mx-auto flex min-h-svh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-semibold text-primary text-sm">{t("error.status", { status })}</p>
      <h1 className="font-bold text-3xl tracking-tight">{t("error.title")}</h1>
      <p className="text-muted-foreground">{typeof refusal === "string" ? refusal : t("error.body")}</p>
      <a className="text-primary underline-offset-4 hover:underline" href="/">
        {t("error.home")}
      </a>
    </main>
  );
}
