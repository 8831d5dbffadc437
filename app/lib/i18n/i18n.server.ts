/**
 * The reader's language on the server: a signed-in person's preference, else the browser's
 * Accept-Language when it is one of ours, else English. Actions use `translatorFor` for the toasts
 * and messages they send back.
 */
import type { i18n } from "i18next";
import type { AppContextValue, appContext } from "#app/lib/app-context.ts";
import { getViewerContextFor } from "#app/lib/session.server.ts";
import { loadResources } from "./catalogs.ts";
import { i18nFor } from "./i18n.ts";
import { isLanguage, type Language, languageFromAcceptLanguage } from "./languages.ts";

interface ContextReader {
  get(key: typeof appContext): AppContextValue;
}

export async function languageFor(request: Request, context: ContextReader): Promise<Language> {
  const viewer = await getViewerContextFor(request, context);
  const saved = viewer?.preferences.language;
  return isLanguage(saved) ? saved : languageFromAcceptLanguage(request.headers.get("accept-language"));
}

/** The i18next instance of the reader's language, its catalogs loaded. */
export async function i18nForRequest(request: Request, context: ContextReader): Promise<i18n> {
  const language = await languageFor(request, context);
  await loadResources(language);
  return i18nFor(language) as i18n;
}

/** `t` in the reader's language, for what an action answers. */
export async function translatorFor(request: Request, context: ContextReader): Promise<i18n["t"]> {
  return (await i18nForRequest(request, context)).t;
}
