import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";

export const GITHUB_PROVIDER_ID = "github";

/** github.com's API lives on its own host; GitHub Enterprise Server serves it under /api/v3. */
export function gitHubApiBase(gitHubUrl: string): string {
  const base = gitHubUrl.replace(/\/+$/, "");
  return new URL(base).hostname === "github.com" ? "https://api.github.com" : `${base}/api/v3`;
}

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub (or GitHub Enterprise Server at GITHUB_URL) as a generic OAuth 2 provider: authorize and
 * token on the web host, the user and their verified primary email from the REST API.
 */
export function gitHubOAuthConfig(options: {
  url: string;
  clientId: string;
  clientSecret: string;
}): GenericOAuthConfig {
  const webBase = options.url.replace(/\/+$/, "");
  const apiBase = gitHubApiBase(webBase);
  const callApi = async <T>(path: string, accessToken: string): Promise<T> => {
    const response = await fetch(`${apiBase}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/vnd.github+json",
        "User-Agent": "Adhelm",
      },
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} for ${path}`);
    return (await response.json()) as T;
  };
  return {
    providerId: GITHUB_PROVIDER_ID,
    name: "GitHub",
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorizationUrl: `${webBase}/login/oauth/authorize`,
    tokenUrl: `${webBase}/login/oauth/access_token`,
    scopes: ["read:user", "user:email"],
    // PKCE (S256): a stolen authorization code is useless without the verifier kept in our state.
    // GitHub checks it; a server without PKCE support ignores the two extra parameters.
    pkce: true,
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = await callApi<GitHubUser>("/user", tokens.accessToken);
      const emails = await callApi<GitHubEmail[]>("/user/emails", tokens.accessToken).catch(() => []);
      const primary = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
      const email = primary?.email ?? user.email;
      if (!email) return null;
      return {
        id: String(user.id),
        email: email.toLowerCase(),
        emailVerified: Boolean(primary?.verified),
        name: user.name || user.login,
        image: user.avatar_url ?? undefined,
      };
    },
  };
}
