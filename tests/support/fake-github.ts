import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeGitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string;
}

/**
 * A local stand-in for GitHub Enterprise Server: the OAuth authorize page and token endpoint under
 * /login/oauth/, and the REST API under /api/v3. The authorize page offers "Authorize" (for the
 * user a test chose with PUT /__next-user) or "Cancel", which returns access_denied as GitHub does.
 * Like GitHub, it checks PKCE: a code issued for a code_challenge (S256) is exchanged only with
 * the matching code_verifier. Unlike GitHub, which also serves clients without PKCE, it refuses
 * an authorize request without one, so a test proves our client sends it.
 * GET /__requests lists the calls it received.
 */
export async function startFakeGitHub({ clientId, clientSecret }: { clientId: string; clientSecret: string }) {
  let nextUser: FakeGitHubUser = { id: 1, login: "octocat", name: "Mona Lisa Octocat", email: "octocat@example.com" };
  const codes = new Map<string, { user: FakeGitHubUser; challenge: string }>();
  const tokens = new Map<string, FakeGitHubUser>();
  const requests: string[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(`${request.method} ${url.pathname}`);
    const body = await new Promise<string>((resolve) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => resolve(text));
    });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };

    if (request.method === "PUT" && url.pathname === "/__next-user") {
      nextUser = JSON.parse(body) as FakeGitHubUser;
      return json(200, { ok: true });
    }
    if (request.method === "GET" && url.pathname === "/__requests") return json(200, requests);

    if (request.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state") ?? "";
      if (url.searchParams.get("client_id") !== clientId) return json(400, { error: "unknown client_id" });
      const challenge = url.searchParams.get("code_challenge") ?? "";
      if (!challenge || url.searchParams.get("code_challenge_method") !== "S256")
        return json(400, { error: "invalid_request", error_description: "PKCE (S256) is required." });
      const code = randomBytes(8).toString("hex");
      codes.set(code, { user: nextUser, challenge });
      const approve = `${redirectUri}?code=${code}&state=${encodeURIComponent(state)}`;
      const deny = `${redirectUri}?error=access_denied&error_description=${encodeURIComponent("The user has denied your application access.")}&state=${encodeURIComponent(state)}`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><head><title>Authorize application</title></head><body><main><h1>Authorize Adhelm</h1><p>Signed in as ${nextUser.login}</p><a href="${approve}">Authorize</a> <a href="${deny}">Cancel</a></main></body></html>`,
      );
      return;
    }
    if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const params = new URLSearchParams(
        request.headers["content-type"]?.includes("json")
          ? Object.entries(JSON.parse(body) as Record<string, string>)
          : body,
      );
      const basic = request.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(request.headers.authorization.slice(6), "base64").toString().split(":")
        : [];
      const id = params.get("client_id") ?? decodeURIComponent(basic[0] ?? "");
      const secret = params.get("client_secret") ?? decodeURIComponent(basic[1] ?? "");
      const issued = codes.get(params.get("code") ?? "");
      const verifier = params.get("code_verifier") ?? "";
      const isVerified = createHash("sha256").update(verifier).digest("base64url") === issued?.challenge;
      const user = issued?.user;
      if (id !== clientId || secret !== clientSecret || !user || !isVerified)
        return json(200, {
          error: "bad_verification_code",
          error_description: "The code passed is incorrect or expired.",
        });
      codes.delete(params.get("code") ?? "");
      const token = `gho_${randomBytes(12).toString("hex")}`;
      tokens.set(token, user);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }
    const user = tokens.get(request.headers.authorization?.replace(/^(Bearer|token) /, "") ?? "");
    if (url.pathname.startsWith("/api/v3/") && !user) return json(401, { message: "Bad credentials" });
    if (user && url.pathname === "/api/v3/user")
      return json(200, { id: user.id, login: user.login, name: user.name, email: null, avatar_url: null });
    if (user && url.pathname === "/api/v3/user/emails")
      return json(200, [{ email: user.email, primary: true, verified: true, visibility: "private" }]);
    json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
