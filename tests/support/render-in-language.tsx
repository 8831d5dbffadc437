import type { i18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";

/**
 * `element`'s text as the server renders it for a reader of `language`: under a root route whose
 * loader gives that language (what `useLocale` reads) and the i18n provider the root sets up. Each
 * element's text stands apart, entities decoded, every kind of space one space.
 */
export async function renderTextIn(language: Language, element: ReactElement): Promise<string> {
  await loadResources(language);
  const routes = [{ id: "root", path: "/", loader: () => ({ language }), Component: () => element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("Unexpected redirect");
  const html = renderToString(
    <I18nextProvider i18n={i18nFor(language) as i18n}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </I18nextProvider>,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .trim();
}
