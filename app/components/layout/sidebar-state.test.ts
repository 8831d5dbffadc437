import { describe, expect, it } from "vitest";
import { isSidebarOpenFromCookie, SIDEBAR_COOKIE_MAX_AGE_SECONDS, sidebarCookie } from "./sidebar-state.ts";

describe("sidebar cookie", () => {
  it.each([
    [null, true],
    ["", true],
    ["sidebar_state=true", true],
    ["sidebar_state=false", false],
    ["theme=dark; sidebar_state=false; other=1", false],
    ["my_sidebar_state=false", true],
  ])("reads %j as open=%s", (header, isOpen) => {
    expect(isSidebarOpenFromCookie(header)).toBe(isOpen);
  });

  it("lasts 7 days", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
  });
});
