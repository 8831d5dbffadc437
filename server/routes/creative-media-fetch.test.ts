import { describe, expect, it } from "vitest";
import { ownMediaPathOf } from "./creative-media-fetch.ts";

const env = { APP_URL: "http://localhost:3000", ADS_SANDBOX: true, ADS_SANDBOX_URL: "http://localhost:3000/sandbox" };

describe("which creative images the sandbox serves on our own origin", () => {
  it("are its generated creatives and its stand-ins for the platforms' image hosts (Google's video thumbnails)", () => {
    const own = ownMediaPathOf(env);
    expect(own("http://localhost:3000/sandbox/media/meta/abc/1_thumb.jpg")).toBe("/sandbox/media/meta/abc/1_thumb.jpg");
    expect(own("http://localhost:3000/sandbox/google-ads/ytimg/vi/1.abc/hqdefault.jpg")).toBe(
      "/sandbox/google-ads/ytimg/vi/1.abc/hqdefault.jpg",
    );
  });

  it("leaves every other address to the outbound guard: other origins, other paths, and no sandbox", () => {
    const own = ownMediaPathOf(env);
    expect(own("https://i.ytimg.com/vi/1/hqdefault.jpg")).toBeNull();
    expect(own("http://localhost:3000/assets/logo.png")).toBeNull();
    expect(own("http://localhost:3000/sandboxed/media/x.jpg")).toBeNull();
    expect(own("not a url")).toBeNull();
    expect(ownMediaPathOf({ ...env, ADS_SANDBOX: false })("http://localhost:3000/sandbox/media/x.jpg")).toBeNull();
  });
});
