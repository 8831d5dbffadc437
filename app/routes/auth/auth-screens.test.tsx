import type { i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { authErrorMessage } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthRequestError } from "#app/lib/auth-client.ts";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";
import { isTranslatedDocument } from "#app/lib/i18n/translated.ts";
import * as authCallback from "./auth-callback.tsx";
import * as forgotPassword from "./forgot-password.tsx";
import * as login from "./login.tsx";
import * as resetPassword from "./reset-password.tsx";
import * as signup from "./signup.tsx";
import * as verifyEmail from "./verify-email.tsx";

async function i18nOf(language: Language): Promise<i18n> {
  await loadResources(language);
  return i18nFor(language) as i18n;
}

/** A screen as the server renders it for a reader of `language` (the root provides the language). */
async function render(language: Language, path: string, Component: () => React.ReactNode): Promise<string> {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", Component: Outlet, children: [{ path: path.slice(1), Component }] }],
    {
      initialEntries: [path],
      hydrationData: { loaderData: { root: { language, isGitHubConfigured: true, appUrl: "http://localhost" } } },
    },
  );
  return renderToString(
    <I18nextProvider i18n={await i18nOf(language)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

describe("the auth screens", () => {
  it("are translated documents: <html lang> is the reader's language", () => {
    for (const screen of [login, signup, forgotPassword, resetPassword, verifyEmail, authCallback])
      expect(isTranslatedDocument([{ handle: screen.handle }])).toBe(true);
  });

  it("keep the spec's English texts", async () => {
    const html = text(await render("en", "/signup", signup.default));
    for (const english of [
      "Create your account",
      "Start your 14-day free trial. No credit card required.",
      "Continue with GitHub",
      "or continue with email",
      "First name",
      "Company",
      "(optional)",
      "Confirm password",
      "Terms of Service",
      "Already have an account?",
    ])
      expect(html).toContain(english);
    expect(html).toMatch(
      /I agree to the <a [^>]*href="\/terms"[^>]*>Terms of Service<\/a> and <a [^>]*href="\/privacy"/,
    );
    expect(text(await render("en", "/login", login.default))).toContain("Don't have an account?");
  });

  it("speak German to a German reader, links and all", async () => {
    const html = text(await render("de", "/signup", signup.default));
    expect(html).toContain("Konto erstellen");
    expect(html).toContain("Weiter mit GitHub");
    expect(html).toMatch(/Ich stimme den <a [^>]*href="\/terms"[^>]*>Nutzungsbedingungen<\/a> und der <a /);
    expect(html).not.toContain("Create your account");
    const verify = text(await render("de", "/verify-email", verifyEmail.default));
    expect(verify).toContain("Prüfen Sie Ihr Postfach");
    expect(verify).toMatch(/<a [^>]*href="\/signup"[^>]*>Erneut registrieren<\/a>/);
    expect(text(await render("fr", "/login", login.default))).toContain("Pas encore de compte\u00a0?");
    expect(text(await render("es", "/forgot-password", forgotPassword.default))).toContain("Enviar enlace");
  });

  it("title their pages in the reader's language", async () => {
    await i18nOf("de");
    const matches = [{ id: "root", loaderData: { language: "de", appUrl: "http://localhost" } }];
    expect(authPageMeta(matches, { page: "signup", path: "/signup" })[0]).toEqual({ title: "Registrieren | Adhelm" });
    const english = [{ id: "root", loaderData: { language: "en", appUrl: "http://localhost" } }];
    expect(authPageMeta(english, { page: "login", path: "/login" })[0]).toEqual({ title: "Sign in | Adhelm" });
  });
});

describe("authErrorMessage", () => {
  it("leaves the server's English as it is, and translates it for other readers", async () => {
    const en = (await i18nOf("en")).getFixedT(null, "auth");
    const de = (await i18nOf("de")).getFixedT(null, "auth");
    const limited = new AuthRequestError(
      429,
      "RATE_LIMITED",
      "Too many failed sign-in attempts. Try again in 1 minute.",
    );
    expect(authErrorMessage(en, limited)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
    expect(authErrorMessage(de, limited)).toBe(
      "Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in 1 Minute erneut.",
    );
    const seconds = new AuthRequestError(
      429,
      "RATE_LIMITED",
      "Too many emails were sent to this address. Try again in 42 seconds.",
    );
    expect(authErrorMessage(en, seconds)).toBe(seconds.message);
    expect(authErrorMessage(de, seconds)).toBe(
      "An diese Adresse wurden zu viele E-Mails gesendet. Versuchen Sie es in 42 Sekunden erneut.",
    );
    const common = new AuthRequestError(400, "VALIDATION_ERROR", "This password is too common. Choose another one.");
    expect(authErrorMessage(en, common)).toBe(common.message);
    expect(authErrorMessage(de, common)).toBe("Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.");
    const used = new AuthRequestError(400, "TOKEN_ALREADY_USED", "This verification link has already been used.");
    expect(authErrorMessage(en, used)).toBe(used.message);
    expect(authErrorMessage(de, used)).toBe("Dieser Bestätigungslink wurde bereits verwendet.");
    expect(authErrorMessage(de, new Error("Something unexpected"))).toBe("Something unexpected");
    expect(authErrorMessage(de, "not an error")).toBeUndefined();
  });
});
