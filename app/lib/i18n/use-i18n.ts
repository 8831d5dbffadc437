import type { i18n } from "i18next";
import { useEffect, useRef, useState } from "react";
import { loadResources } from "./catalogs.ts";
import { i18nFor } from "./i18n.ts";
import type { Language } from "./languages.ts";

/**
 * The i18next instance of `language`. Its catalogs are loaded before the first render (the root
 * loader on the server, entry.client.tsx before hydration); after a change of language in the
 * browser, the previous language shows until the new catalogs arrive.
 */
export function useI18n(language: Language): i18n {
  const [, setLoaded] = useState<Language | null>(null);
  const ready = i18nFor(language);
  const last = useRef<i18n | null>(ready);
  if (ready) last.current = ready;
  useEffect(() => {
    if (!ready) void loadResources(language).then(() => setLoaded(language));
  }, [language, ready]);
  const shown = ready ?? last.current ?? i18nFor("en");
  if (!shown) throw new Error(`The catalogs of "${language}" and English are not loaded.`);
  return shown;
}
