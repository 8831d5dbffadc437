import { linkIn, waitForMail } from "./outbox.ts";

interface InProcessApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Signs a new user up through the in-process app's real auth routes, follows the mailed
 * verification link (which signs them in) and returns the session's Cookie header.
 */
export async function verifiedSessionCookie(
  app: InProcessApp,
  { appUrl, dataDir, email }: { appUrl: string; dataDir: string; email: string },
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
  const [mail] = await waitForMail(dataDir, email);
  const link = linkIn(mail?.raw ?? "", `${appUrl}/auth/callback?`);
  const token = new URL(link ?? appUrl).searchParams.get("token_hash") ?? "";
  const verified = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`Verification gave no session: ${verified.status}`);
  return cookie;
}
