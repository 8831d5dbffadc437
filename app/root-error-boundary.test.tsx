import type { i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { readFormData } from "./lib/form-data.server.ts";
import { i18nFor } from "./lib/i18n/i18n.ts";
import { ErrorBoundary } from "./root.tsx";

/** A plain form post (no JavaScript) to an action, rendered as React Router renders the document. */
async function renderPost(contentType: string, body: string): Promise<{ status: number; html: string }> {
  const routes = [
    {
      id: "root",
      path: "/",
      ErrorBoundary,
      action: async ({ request }: { request: Request }) => ({ fields: [...(await readFormData(request)).keys()] }),
      Component: () => <p>Saved</p>,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(
    new Request("http://localhost/", { method: "POST", headers: { "content-type": contentType }, body }),
  );
  if (context instanceof Response) throw new Error("Unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    // The root's Layout provides the reader's language; English is always loaded.
    html: renderToString(
      <I18nextProvider i18n={i18nFor("en") as i18n}>
        <StaticRouterProvider router={router} context={context} />
      </I18nextProvider>,
    ),
  };
}

describe("the root error boundary", () => {
  it("shows why a request body was refused", async () => {
    const refused = await renderPost("application/json", '{"name":"Ada"}');
    expect(refused.status).toBe(415);
    expect(refused.html).toContain("Error 415");
    expect(refused.html).toContain("Send this form as application/x-www-form-urlencoded or multipart/form-data.");
    expect(await renderPost("application/x-www-form-urlencoded", "name=Ada")).toMatchObject({ status: 200 });
  });
});
