import { PanelLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { BillingBanner } from "#app/components/billing/billing-banner.tsx";
import { useUnreadCount } from "#app/components/notifications/use-unread-count.ts";
import { ServiceStatusBanner } from "#app/components/status/service-status-banner.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Separator } from "#app/components/ui/separator.tsx";
import { TooltipProvider } from "#app/components/ui/tooltip.tsx";
import { appContext } from "#app/lib/app-context.ts";
// The app's English catalogs: imported here so the first HTML preloads them (catalogs.ts).
import "#app/lib/i18n/app-catalogs.ts";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { isLanguage } from "#app/lib/i18n/languages.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { useRootData } from "#app/root.tsx";
import type { BillingStatus } from "#core/billing/get-billing-status.ts";
import { formatNumber, formatPrice } from "#core/shared/number-format.ts";
import type { Route } from "./+types/app-layout";
import { BILLING_PATH, GETTING_STARTED_PATH, NOTIFICATIONS_PATH, titleForPath } from "./app-navigation.ts";
import { AppSidebar } from "./app-sidebar.tsx";
import { SidebarProvider, useSidebar } from "./sidebar.tsx";
import { isSidebarOpenFromCookie } from "./sidebar-state.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Every app screen speaks the reader's language: `<html lang>` follows it (app/root.tsx). */
export const handle = translatedPage;

/** App screens anonymous visitors may see too: the integrations catalogue (its Connect asks them to sign in). */
const PUBLIC_APP_PATHS = new Set(["/integrations", "/dashboard/integrations"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const isPublic = PUBLIC_APP_PATHS.has(new URL(request.url).pathname.replace(/\/+$/, ""));
  // Every other app screen is for signed-in people: checked here, on the server, before anything renders.
  const viewer =
    !isPublic || (await getViewerContextFor(request, context)) ? await requireViewerContext(request, context) : null;
  // The Getting Started badge ("3/6"): one small query, on the layout's loads only.
  const badges: Record<string, string> = {};
  let unreadNotifications: number | null = null;
  let billing: { status: BillingStatus; now: number; timeZone: string } | null = null;
  if (viewer) {
    const { services } = context.get(appContext);
    const [progress, unread, billingStatus] = await Promise.all([
      services.onboarding.getOnboardingProgress(actorOf(viewer)),
      // The Notifications badge: one indexed count; the browser keeps it live (useUnreadCount).
      services.notifications.countUnreadNotifications(actorOf(viewer)),
      // The Billing badge (the amount due) and the trial, past-due and read-only banners.
      services.billing.getBillingStatus(actorOf(viewer)),
    ]);
    badges[GETTING_STARTED_PATH] = `${progress.completed}/${progress.total}`;
    unreadNotifications = unread;
    billing = { status: billingStatus, now: Date.now(), timeZone: viewer.profile?.timezone ?? "UTC" };
  }
  return {
    isSidebarOpen: isSidebarOpenFromCookie(request.headers.get("cookie")),
    badges,
    unreadNotifications,
    billing,
  };
}

/**
 * A navigation from a public page (which loaded only the site's catalogs) to an app screen: the
 * app's catalogs of the page's language arrive with the screen's data, so it renders translated.
 * Not run for the first HTML: entry.client.tsx loaded every catalog before hydrating it.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const { language } = document.documentElement.dataset;
  const [data] = await Promise.all([serverLoader(), loadResources(isLanguage(language) ? language : "en")]);
  return data;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const viewer = useRootData()?.viewer ?? null;
  const unread = useUnreadCount(loaderData.unreadNotifications);
  const locale = useLocale();
  if (!viewer) return <PublicAppLayout />;
  const { billing } = loaderData;
  const badges = {
    ...loaderData.badges,
    ...(unread ? { [NOTIFICATIONS_PATH]: unread > 99 ? "99+" : formatNumber(unread, locale) } : {}),
    ...(billing ? { [BILLING_PATH]: formatPrice(billing.status.amountDueMinor, billing.status.currency, locale) } : {}),
  };
  return (
    <TooltipProvider>
      <SidebarProvider defaultOpen={loaderData.isSidebarOpen}>
        <AppSidebar viewer={viewer} badges={badges} />
        <div className="flex min-w-0 flex-1 flex-col bg-background md:m-2 md:ml-0 md:rounded-xl md:border md:shadow-sm">
          <AppHeader />
          {billing ? <BillingBanner {...billing} /> : null}
          <ServiceStatusBanner />
          <main id="main" className="flex-1 p-4 sm:p-6">
            <Outlet />
          </main>
        </div>
      </SidebarProvider>
    </TooltipProvider>
  );
}

/** An app screen seen by an anonymous visitor sits in the public site's header and footer. */
function PublicAppLayout() {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader viewer={null} />
      <main id="main" className="flex-1 px-4 pt-24 pb-12 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function AppHeader() {
  const { t } = useTranslation("shell");
  const { toggle } = useSidebar();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur md:rounded-t-xl">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-1 size-8"
        onClick={toggle}
        aria-label={t("header.toggleSidebar")}
        title={t("header.toggleSidebarShortcut", { shortcut: "Ctrl+B" })}
      >
        <PanelLeft />
      </Button>
      <Separator orientation="vertical" className="mx-1 h-4" />
      <p className="font-medium text-sm">{t(titleForPath(pathname))}</p>
    </header>
  );
}
