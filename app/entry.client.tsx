import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadResources } from "./lib/i18n/catalogs.ts";
import { isLanguage } from "./lib/i18n/languages.ts";

// The page was rendered in the reader's language (root.tsx puts it on <html data-language>): load
// that language's catalogs before React takes over, so hydration shows the same words. A public
// page (<html data-catalogs="site">) needs only the site's few; the app layout loads the rest
// before a navigation shows one of its screens (app-layout.tsx's clientLoader).
const { language, catalogs } = document.documentElement.dataset;
await loadResources(isLanguage(language) ? language : "en", catalogs === "site" ? "site" : "app");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
