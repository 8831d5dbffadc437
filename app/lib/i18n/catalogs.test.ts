import { describe, expect, it } from "vitest";
import { loadCatalogs, loadResources, NAMESPACES } from "./catalogs.ts";
import { i18nFor } from "./i18n.ts";

describe("the catalogs a page downloads", () => {
  it("gives a public page only the site's namespaces, and an app screen every one, in the same instance", async () => {
    const site = await loadCatalogs("fr", "site");
    const siteNamespaces = Object.keys(site).sort();
    expect(siteNamespaces).toEqual(
      NAMESPACES.filter(
        (namespace) =>
          ["common", "auth", "invitation", "notifications"].includes(namespace) || namespace.startsWith("messages"),
      ),
    );
    expect(siteNamespaces).not.toContain("dashboard");

    // The French instance made for the sign-in page reads the dashboard's words once they are loaded.
    await loadResources("fr", "site");
    const french = i18nFor("fr");
    expect(french?.t("auth:meta.login.title")).toBe("Se connecter");
    await loadResources("fr");
    expect(Object.keys(await loadCatalogs("fr")).sort()).toEqual([...NAMESPACES]);
    expect(i18nFor("fr")).toBe(french);
    expect(french?.t("dashboard:header.intro")).not.toBe("header.intro");
    expect(french?.t("dashboard:header.intro")).not.toBe(i18nFor("en")?.t("dashboard:header.intro"));
  });
});
