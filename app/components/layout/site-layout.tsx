import { Outlet, useLocation } from "react-router";
import { siteCatalogsPage } from "#app/lib/i18n/translated.ts";
import { useRootData } from "#app/root.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** The browser loads only the public site's catalogs for these pages (app/lib/i18n/catalogs.ts). */
export const handle = siteCatalogsPage;

/** The spec hides the header on the sign-in and sign-up screens; their cards stand alone. */
const HEADERLESS_PATHS = new Set(["/login", "/signup"]);

export default function SiteLayout() {
  const { pathname } = useLocation();
  const viewer = useRootData()?.viewer ?? null;
  const isHeaderless = HEADERLESS_PATHS.has(pathname.replace(/\/+$/, "") || "/");

  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {isHeaderless ? null : <SiteHeader viewer={viewer} />}
      <main id="main" className={isHeaderless ? "flex-1" : "flex-1 pt-16"}>
        <Outlet />
      </main>
      {isHeaderless ? null : <SiteFooter />}
    </div>
  );
}
