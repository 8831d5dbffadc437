import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createVerifiedUser,
  linkMailedTo,
  mailsTo,
  signInAs,
  subjectOf,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from "#tests/support/accounts.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
function toast(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

async function expectToast(page: Page, title: string, description?: string) {
  await toast(page, title).waitFor();
  if (description) await toast(page, description).waitFor();
}

async function fillSignup(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Company (optional)").fill("Navy Labs");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
}

/** Submits the sign-up form and waits for the verify-email screen. */
async function signUpThroughForm(page: Page, email: string) {
  await page.goto("/signup");
  await fillSignup(page, email);
  await page.getByRole("checkbox", { name: /I agree to the/ }).click();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/verify-email");
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
}

describe("sign-up", () => {
  it("validates on change with the spec's messages and enables submit only when valid and terms accepted", async () => {
    const page = await browser.newPage();
    await page.goto("/signup");
    const submit = page.getByRole("button", { name: "Create account" });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel("First name").fill("x");
    await page.getByLabel("First name").fill("");
    await page.getByText("First name is required").waitFor();
    await page.getByLabel("Last name").fill("x");
    await page.getByLabel("Last name").fill("");
    await page.getByText("Last name is required").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByText("Invalid email address").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("longenough1");
    await page.getByText("Password must contain uppercase, lowercase, and number").waitFor();
    await page.getByLabel("Confirm password").fill("different");
    await page.getByText("Passwords don't match").waitFor();
    const terms = page.getByRole("checkbox", { name: /I agree to the/ });
    await terms.click();
    await terms.click();
    await page.getByText("You must accept the terms").waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // The strength meter scores length, lowercase, uppercase, digit and special character.
    const meter = page.getByRole("meter", { name: "Password strength" });
    for (const [password, label] of [
      ["abc", "Very Weak"],
      ["abcdefgh", "Weak"],
      ["Abcdefgh", "Fair"],
      ["Abcdefg1", "Good"],
      ["Abcdef1!", "Strong"],
    ]) {
      await page.getByLabel("Password", { exact: true }).fill(password as string);
      expect(await meter.getAttribute("aria-valuetext")).toBe(label);
    }

    await fillSignup(page, uniqueEmail());
    expect(await submit.isDisabled()).toBe(true);
    await terms.click();
    await expect.poll(() => submit.isDisabled()).toBe(false);
  });

  it("creates the account, mails the link, verifies through /auth/callback and lands on the dashboard", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("grace");
    await signUpThroughForm(page, email);

    const [mail] = await waitForMailTo(email);
    expect(subjectOf(mail)).toBe("Verify your email for Adhelm");
    const link = await linkMailedTo(email, "/auth/callback?");
    await page.goto(link);
    await page.waitForURL("**/dashboard");
    await expectToast(page, "Email verified!");
    await page.getByRole("heading", { name: "Welcome, Grace" }).waitFor();

    // The link works once: a second visit fails and goes back to /signup.
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForURL("**/signup");
    await expectToast(other, "Verification failed", "This verification link has already been used.");
  });

  it("shows the same screen for an existing email, and mails its owner instead", async () => {
    const user = await createVerifiedUser();
    const page = await browser.newPage();
    await signUpThroughForm(page, user.email);
    const mails = await waitForMailTo(user.email, 2);
    expect(subjectOf(mails.at(-1))).toBe("You already have an Adhelm account");
  });

  it("resends the verification mail from /verify-email, and says when the limit is reached", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("resend");
    await signUpThroughForm(page, email);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    const resend = page.getByRole("button", { name: "Resend verification email" });
    // The sign-up mail counts: four more fit in the hour, the fifth is refused.
    for (let attempt = 0; attempt < 4; attempt++) {
      await resend.click();
      await expect.poll(async () => (await mailsTo(email)).length).toBe(attempt + 2);
    }
    await resend.click();
    await toast(page, "Could not send the email").waitFor();
    await page
      .getByText(/^Too many emails were sent to this address\. Try again in \d+ (minutes?|seconds?)\.$/)
      .waitFor();
  });
});

describe("sign-in", () => {
  it("shows Sign in failed with a readable message for a wrong password", async () => {
    const user = await createVerifiedUser();
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Sign in failed", "The email or password is incorrect. Check them and try again.");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("validates the login form with the spec's messages", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Password must be at least 8 characters").waitFor();
  });

  it("toggles the password's visibility", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });

  it("welcomes back and returns to the page the visitor was sent away from", async () => {
    const user = await createVerifiedUser({ firstName: "Katherine" });
    const page = await browser.newPage();
    await page.goto("/account/preferences");
    await page.waitForURL("**/login?redirectTo=%2Faccount%2Fpreferences");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/account/preferences");
    await expectToast(page, "Welcome back!");
  });

  it("gives a browser-session cookie without Remember me and a 30-day one with it", async () => {
    const user = await createVerifiedUser();
    for (const isRemembered of [false, true]) {
      const page = await browser.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      if (isRemembered) await page.getByRole("checkbox", { name: "Remember me" }).click();
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard");
      const cookie = (await page.context().cookies()).find((entry) => entry.name === "adhelm.session_token");
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
      if (isRemembered) {
        const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
      } else {
        expect(cookie?.expires).toBe(-1);
      }
    }
  });

  it("tells an unverified account so and offers a new link", async () => {
    const email = uniqueEmail("unverified");
    await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({
        firstName: "Una",
        lastName: "Verified",
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      }),
    });
    await waitForMailTo(email);
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Sign in failed");
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expectToast(page, "Check your email");
    await waitForMailTo(email, 2);
  });

  it("backs off failed sign-ins from one address, 1 s, 2 s, 4 s …, with a clear message", async () => {
    const user = await createVerifiedUser();
    // The form is ready first, so the click lands well within the wait.
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    // Wrong passwords from this address (the browser's too): five answered at once, then each
    // waits twice as long as the one before; go on until the wait is 4 seconds. A password check
    // takes a while, so an attempt may come after its wait is over and be answered: only the
    // first five are sure to be 401, and the waits that are asked for must grow.
    const statuses: number[] = [];
    const waits: number[] = [];
    while (statuses.length < 30 && (waits.at(-1) ?? 0) < 4) {
      const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl() },
        body: JSON.stringify({ email: user.email, password: "Wrong-password-1" }),
      });
      statuses.push(response.status);
      if (response.status === 401) continue;
      expect(response.status).toBe(429);
      const wait = Number(response.headers.get("retry-after"));
      waits.push(wait);
      if (wait < 4) await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(4);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    // Now even the right password waits, and the person is told why and for how long.
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("says GitHub sign-in works from both screens' buttons", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    expect(await page.getByRole("button", { name: "Continue with GitHub" }).count()).toBe(1);
    await page.goto("/signup");
    expect(await page.getByRole("button", { name: "Continue with GitHub" }).count()).toBe(1);
  });
});

describe("redirects and sign-out", () => {
  it("sends anonymous visitors of app screens to /login before rendering, and signed-in ones away from /login", async () => {
    const anonymous = await fetch(`${baseUrl()}/profile`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");

    const user = await createVerifiedUser();
    const page = await browser.newPage();
    await signInAs(page.context(), user);
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await page.waitForURL("**/dashboard");
    }
    // The public header switches to the signed-in links.
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Go to Dashboard" }).waitFor();
    expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
  });

  it("ends the server session, shows Signed out and lands on /", async () => {
    const user = await createVerifiedUser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    const cookieBefore = (await page.context().cookies()).find((entry) => entry.name === "adhelm.session_token");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expectToast(page, "Signed out");
    // The old cookie no longer opens a session on the server.
    const replay = await fetch(`${baseUrl()}/api/auth/get-session`, {
      headers: { cookie: `adhelm.session_token=${cookieBefore?.value}` },
    });
    expect(await replay.json()).toBeNull();
  });
});

describe("password reset", () => {
  it("answers Check your email for known and unknown addresses alike", async () => {
    const user = await createVerifiedUser();
    for (const email of [user.email, uniqueEmail("nobody")]) {
      const page = await browser.newPage();
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL("**/forgot-password");
      // The sign-in card has an Email field too: wait until the new screen replaced it.
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expectToast(page, "Check your email");
    }
    const mails = await waitForMailTo(user.email, 2);
    expect(subjectOf(mails.at(-1))).toBe("Reset your Adhelm password");
  });

  it("needs a valid email", async () => {
    const page = await browser.newPage();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Invalid email address").waitFor();
  });

  it("sets a new password once, signs in through the landing page and ends the other sessions", async () => {
    const user = await createVerifiedUser({ firstName: "Hedy" });
    const otherDevice = await browser.newPage();
    await signInAs(otherDevice.context(), user);

    await fetch(`${baseUrl()}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({ email: user.email }),
    });
    const link = await linkMailedTo(user.email, "/reset-password?token=", 2);
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("weakpassword");
    await page.getByText("Password must contain uppercase, lowercase, and number").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-2024");
    await page.getByLabel("Confirm new password").fill("Brand-New-2024");
    await page.getByRole("button", { name: "Update password" }).click();
    await page.waitForURL("**/dashboard");
    await expectToast(page, "Welcome to Adhelm!");
    expect(new URL(page.url()).hash).toBe("");
    await page.getByRole("heading", { name: "Welcome, Hedy" }).waitFor();

    await otherDevice.goto("/dashboard");
    await otherDevice.waitForURL("**/login");

    // The link worked once.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByLabel("New password", { exact: true }).fill("Another-New-2024");
    await again.getByLabel("Confirm new password").fill("Another-New-2024");
    await again.getByRole("button", { name: "Update password" }).click();
    await expectToast(
      again,
      "Password reset failed",
      "This reset link is invalid, expired or already used. Ask for a new one.",
    );
  });
});
