import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "#app/lib/viewer.ts";
import { SiteHeader } from "./site-header.tsx";

function linksOf(viewer: Viewer | null): Array<[string, string]> {
  const html = renderToString(
    <MemoryRouter>
      <SiteHeader viewer={viewer} />
    </MemoryRouter>,
  );
  return [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [
    match[2] ?? "",
    match[1] ?? "",
  ]);
}

describe("SiteHeader", () => {
  it("offers Sign In and Start Free Trial to anonymous visitors", () => {
    const links = linksOf(null);
    expect(links).toContainEqual(["Sign In", "/login"]);
    expect(links).toContainEqual(["Start Free Trial", "/signup"]);
    expect(links.map(([label]) => label)).not.toContain("Go to Dashboard");
  });

  it("offers Dashboard and Go to Dashboard to signed-in users", () => {
    const links = linksOf({
      id: "u1",
      email: "ada@example.com",
      name: "Ada Lovelace",
      firstName: "Ada",
      lastName: "Lovelace",
      avatarUrl: null,
      organization: { name: "Analytical Engines", logo: null, role: "owner", permissions: [] },
    });
    expect(links).toContainEqual(["Dashboard", "/dashboard"]);
    expect(links).toContainEqual(["Go to Dashboard", "/dashboard"]);
    expect(links.map(([label]) => label)).not.toContain("Sign In");
  });
});
