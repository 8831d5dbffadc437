/** A new account starts in the language of the page it signed up from (issue 16). */
import { describe, expect, it } from "vitest";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { startFakeGitHub } from "#tests/support/fake-github.ts";
import { waitForMail } from "#tests/support/outbox.ts";
import { type AuthContext, CookieJar, cleanUpAfterEach, setup, signup } from "./auth-test-kit.ts";

cleanUpAfterEach();

async function languageOf(context: AuthContext, email: string) {
  const user = await context.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return (await createPreferencesRepository(context.db).findByUserId(user.id)).language;
}

describe("the language of a new account", () => {
  it("is the sign-up page's language: German for Accept-Language: de", async () => {
    const context = await setup();
    const response = await context.post("/api/auth/sign-up/email", signup("ada@example.com"), {
      "accept-language": "de-DE,de;q=0.9,en;q=0.8",
    });
    expect(response.status).toBe(200);
    expect(await languageOf(context, "ada@example.com")).toBe("de");
  });

  it("is the language of the mails the account gets: the verification mail of a French sign-up is French", async () => {
    const context = await setup();
    await context.post("/api/auth/sign-up/email", signup("marie@example.com"), { "accept-language": "fr-FR,fr;q=0.9" });
    const [mail] = await waitForMail(context.dataDir, "marie@example.com");
    expect(mail?.subject).toBe("Confirmez votre adresse e-mail pour Adhelm");
    // The HTML part is quoted-printable: = is written =3D.
    expect(mail?.raw).toMatch(/lang=(?:3D)?"fr"/);
    await context.post("/api/auth/sign-up/email", signup("alan@example.com"));
    const [english] = await waitForMail(context.dataDir, "alan@example.com");
    expect(english?.subject).toBe("Verify your email for Adhelm");
  });

  it("is English, with no preferences saved, for a language we do not speak or none", async () => {
    const context = await setup();
    await context.post("/api/auth/sign-up/email", signup("grace@example.com"), { "accept-language": "ja,pt;q=0.5" });
    await context.post("/api/auth/sign-up/email", signup("hedy@example.com"));
    expect(await languageOf(context, "grace@example.com")).toBe("en");
    expect(await languageOf(context, "hedy@example.com")).toBe("en");
    expect(await context.db.selectFrom("user_preferences").select("user_id").execute()).toHaveLength(0);
  });

  it("is not changed by a second sign-up with the same address in another language", async () => {
    const context = await setup();
    await context.post("/api/auth/sign-up/email", signup("katherine@example.com"), { "accept-language": "fr" });
    await context.post("/api/auth/sign-up/email", signup("katherine@example.com"), { "accept-language": "es" });
    await waitForMail(context.dataDir, "katherine@example.com", 2);
    expect(await languageOf(context, "katherine@example.com")).toBe("fr");
  });

  it("ignores a language header the browser sends itself", async () => {
    const context = await setup();
    await context.post("/api/auth/sign-up/email", signup("mary@example.com"), {
      "accept-language": "en-GB",
      "x-adhelm-sign-up-language": "de",
    });
    expect(await languageOf(context, "mary@example.com")).toBe("en");
  });

  it("is the browser's language on a first GitHub sign-in", async () => {
    const gitHub = await startFakeGitHub({ clientId: "adhelm-client", clientSecret: "adhelm-secret" });
    try {
      const context = await setup({
        GITHUB_URL: gitHub.url,
        GITHUB_CLIENT_ID: "adhelm-client",
        GITHUB_CLIENT_SECRET: "adhelm-secret",
      });
      const browser = new CookieJar();
      const headers = { "accept-language": "es-ES,es;q=0.9" };
      const start = await context.post(
        "/api/auth/sign-in/social",
        { provider: "github", callbackURL: "/auth/callback", errorCallbackURL: "/signup?github_error=1" },
        headers,
        browser,
      );
      const authorize = new URL(((await start.json()) as { url: string }).url);
      const page = await (await fetch(authorize)).text();
      const approve = new URL(page.match(/<a href="([^"]+)">Authorize<\/a>/)?.[1]?.replaceAll("&amp;", "&") ?? "");
      const callback = await context.request(`${approve.pathname}${approve.search}`, { headers }, browser);
      expect(callback.status).toBe(302);
      expect(await languageOf(context, "octocat@example.com")).toBe("es");
    } finally {
      await gitHub.stop();
    }
  });
});
