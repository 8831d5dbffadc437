import { linkIn, waitForMail } from "./outbox.ts";

interface InProcessApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

const cookiePairs = (response: Response) => response.headers.getSetCookie().map((value) => value.split(";")[0] ?? "");

/**
 * Signs a new user up through the in-process app's real auth routes, follows the mailed
 * verification link in the same "browser" (the cookies the sign-up set go along, as the link
 * signs in only the browser that signed up) and returns the session's Cookie header.
 */
export async function verifiedSessionCookie(
  app: InProcessApp,
  {
    appUrl,
    dataDir,
    email,
    mailTimeoutMs,
  }: {
    appUrl: string;
    dataDir: string;
    email: string /** How long to wait for the mail (a busy machine writes it late). */;
    mailTimeoutMs?: number;
  },
): Promise<string> {
  const signUp = await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({
      firstName: "Ada",
      lastName: "Lovelace",
      companyName: "Analytical Engines",
      email,
      password: "Engine-1843",
      confirmPassword: "Engine-1843",
      acceptTerms: true,
    }),
  });
  if (!signUp.ok) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [mail] = await waitForMail(dataDir, email, 1, mailTimeoutMs);
  const link = linkIn(mail?.raw ?? "", `${appUrl}/auth/callback?`);
  const token = new URL(link ?? appUrl).searchParams.get("token_hash") ?? "";
  const verified = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { cookie: cookiePairs(signUp).join("; ") },
    // Over real HTTP, the session cookie is on this answer, not on a page it might redirect to.
    redirect: "manual",
  });
  const cookie = cookiePairs(verified)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`Verification gave no session: ${verified.status}`);
  return cookie;
}
