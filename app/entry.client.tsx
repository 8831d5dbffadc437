import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadResources } from "./lib/i18n/catalogs.ts";
import { isLanguage } from "./lib/i18n/languages.ts";

// The page was rendered in the reader's language (root.tsx puts it on <html data-language>): load
// that language's catalogs before React takes over, so hydration shows the same words.
const language = document.documentElement.dataset.language;
await loadResources(isLanguage(language) ? language : "en");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
