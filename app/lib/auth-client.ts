/**
 * The browser's calls to our auth server (/api/auth, better-auth behind our own checks). Errors
 * carry the server's message, which is written for people.
 */
export class AuthRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "AuthRequestError";
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

async function callAuth<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      credentials: "same-origin",
      ...init,
      headers: { "content-type": "application/json", ...init.headers },
    });
  } catch {
    throw new AuthRequestError(
      0,
      "NETWORK_ERROR",
      "We could not reach the server. Check your connection and try again.",
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const nested = body?.error as { code?: string; message?: string } | undefined;
    throw new AuthRequestError(
      response.status,
      String(body?.code ?? nested?.code ?? "ERROR"),
      String(body?.message ?? nested?.message ?? FALLBACK_MESSAGE),
      (body?.fieldErrors as Record<string, string> | undefined) ?? {},
    );
  }
  return body as T;
}

const post = <T>(path: string, body: unknown) => callAuth<T>(path, { method: "POST", body: JSON.stringify(body) });

export interface SignUpValues {
  firstName: string;
  lastName: string;
  companyName?: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  /** A same-site path the verification link leads to once verified (an invitation). */
  redirectTo?: string;
}

export interface SessionHandoff {
  access_token: string;
  refresh_token: string;
  type: string;
}

export const authClient = {
  signUp: (values: SignUpValues) => post<{ user: { email: string } }>("/sign-up/email", values),
  signIn: (values: { email: string; password: string; rememberMe?: boolean }) =>
    post<unknown>("/sign-in/email", values),
  signOut: () => post<unknown>("/sign-out", {}),
  /** `redirectTo`: where the new link leads once verified (an invitation's path), as the sign-up's did. */
  sendVerificationEmail: (email: string, redirectTo?: string) =>
    post<unknown>("/send-verification-email", { email, redirectTo }),
  verifyEmail: (token: string) =>
    callAuth<{ status: boolean; signedIn?: boolean; message?: string }>(
      `/verify-email?token=${encodeURIComponent(token)}`,
      { method: "GET" },
    ),
  requestPasswordReset: (email: string) => post<unknown>("/request-password-reset", { email }),
  resetPassword: (token: string, newPassword: string) =>
    post<{ status: boolean; handoff: SessionHandoff }>("/reset-password", { token, newPassword }),
  getSession: () => callAuth<{ user: { id: string } } | null>("/get-session", { method: "GET" }),
  /** Starts GitHub's OAuth flow; resolves with the URL to send the browser to. */
  gitHubAuthorizationUrl: async (from: "login" | "signup") => {
    const result = await post<{ url: string }>("/sign-in/social", {
      provider: "github",
      callbackURL: "/auth/callback",
      newUserCallbackURL: "/auth/callback",
      errorCallbackURL: `/${from}?github_error=1`,
    });
    return result.url;
  },
};

/** Reads `access_token`, `refresh_token` and `type` from a URL fragment or query. */
export function readSessionTokens(source: string): SessionHandoff | null {
  const params = new URLSearchParams(source.replace(/^[#?]/, ""));
  const accessToken = params.get("access_token");
  const refreshToken = params.get("refresh_token");
  if (!accessToken || !refreshToken) return null;
  return { access_token: accessToken, refresh_token: refreshToken, type: params.get("type") ?? "" };
}
