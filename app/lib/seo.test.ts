import { describe, expect, it } from "vitest";
import { appUrlFrom, pageMeta } from "./seo.ts";

const APP_URL = "https://adhelm.example";

function metaContent(meta: ReturnType<typeof pageMeta>, key: "name" | "property", value: string) {
  const entry = meta.find((candidate) => (candidate as Record<string, unknown>)[key] === value);
  return (entry as { content?: string } | undefined)?.content;
}

describe("pageMeta", () => {
  const meta = pageMeta({ title: "Pricing", description: "Plans and prices.", path: "/pricing", appUrl: APP_URL });

  it("gives the title, description and canonical URL", () => {
    expect(meta).toContainEqual({ title: "Pricing | Adhelm" });
    expect(metaContent(meta, "name", "description")).toBe("Plans and prices.");
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${APP_URL}/pricing` });
  });

  it("keeps the site name alone as the home page's title", () => {
    const home = pageMeta({ title: "Adhelm", description: "Home.", path: "/", appUrl: APP_URL });
    expect(home).toContainEqual({ title: "Adhelm" });
  });

  it("emits OpenGraph tags with an absolute URL and image", () => {
    expect(metaContent(meta, "property", "og:title")).toBe("Pricing | Adhelm");
    expect(metaContent(meta, "property", "og:description")).toBe("Plans and prices.");
    expect(metaContent(meta, "property", "og:url")).toBe(`${APP_URL}/pricing`);
    expect(metaContent(meta, "property", "og:type")).toBe("website");
    expect(metaContent(meta, "property", "og:site_name")).toBe("Adhelm");
    expect(metaContent(meta, "property", "og:image")).toBe(`${APP_URL}/icon-512.png`);
  });

  it("emits Twitter card tags", () => {
    expect(metaContent(meta, "name", "twitter:card")).toBe("summary");
    expect(metaContent(meta, "name", "twitter:title")).toBe("Pricing | Adhelm");
    expect(metaContent(meta, "name", "twitter:description")).toBe("Plans and prices.");
    expect(metaContent(meta, "name", "twitter:image")).toBe(`${APP_URL}/icon-512.png`);
  });

  it("is indexable unless told otherwise", () => {
    expect(metaContent(meta, "name", "robots")).toBeUndefined();
    const hidden = pageMeta({
      title: "Dashboard",
      description: "x",
      path: "/dashboard",
      appUrl: APP_URL,
      isIndexable: false,
    });
    expect(metaContent(hidden, "name", "robots")).toBe("noindex");
  });

  it("adds one JSON-LD entry per structured-data object", () => {
    const withData = pageMeta({
      title: "About",
      description: "x",
      path: "/about",
      appUrl: APP_URL,
      structuredData: [{ "@type": "Organization" }, { "@type": "SoftwareApplication" }],
    });
    expect(withData.filter((entry) => "script:ld+json" in entry)).toEqual([
      { "script:ld+json": { "@type": "Organization" } },
      { "script:ld+json": { "@type": "SoftwareApplication" } },
    ]);
    expect(meta.some((entry) => "script:ld+json" in entry)).toBe(false);
  });
});

describe("appUrlFrom", () => {
  it("reads the root loader's appUrl", () => {
    expect(appUrlFrom([{ id: "root", loaderData: { appUrl: APP_URL } }, { id: "routes/site/home" }])).toBe(APP_URL);
    expect(appUrlFrom([{ id: "routes/site/home" }])).toBeUndefined();
  });
});
