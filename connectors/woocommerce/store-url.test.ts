import { describe, expect, it } from "vitest";
import { toWooOrderWindow } from "./connector.ts";
import { readWooTimeZone } from "./mappers.ts";
import { buildWooKeysCallbackUrl } from "./oauth.ts";
import { normalizeStoreUrl } from "./store-url.ts";

describe("normalizeStoreUrl", () => {
  it.each([
    ["shop.example.com", "https://shop.example.com"],
    ["  Shop.Example.com/  ", "https://shop.example.com"],
    ["https://shop.example.com/", "https://shop.example.com"],
    ["http://shop.example.com", "http://shop.example.com"],
    ["https://example.com/shop/", "https://example.com/shop"],
    ["https://example.com/shop/wp-admin/edit.php?post_type=shop_order", "https://example.com/shop"],
    ["example.com/wp-json/wc/v3", "https://example.com"],
    ["http://localhost:8080/", "http://localhost:8080"],
    ["https://shop.example.com/?utm=1#top", "https://shop.example.com"],
  ])("accepts %j as %s", (input, expected) => {
    expect(normalizeStoreUrl(input)).toBe(expected);
  });

  it.each(["", "shop", "ftp://shop.example.com", "https://user:pass@shop.example.com", "shop example.com", "https://"])(
    "refuses %j",
    (input) => {
      expect(normalizeStoreUrl(input)).toBeNull();
    },
  );
});

describe("buildWooKeysCallbackUrl", () => {
  it("appends /keys to the path, before any query", () => {
    expect(buildWooKeysCallbackUrl("https://app.example.com/integrations/woocommerce/callback")).toBe(
      "https://app.example.com/integrations/woocommerce/callback/keys",
    );
    expect(buildWooKeysCallbackUrl("https://app.example.com/cb/?x=1")).toBe("https://app.example.com/cb/keys?x=1");
  });
});

describe("readWooTimeZone", () => {
  it.each([
    [{ name: "s", timezone_string: "Europe/Berlin", gmt_offset: 1 }, "Europe/Berlin"],
    [{ name: "s", timezone_string: "", gmt_offset: 0 }, "UTC"],
    [{ name: "s", timezone_string: "", gmt_offset: 2 }, "Etc/GMT-2"],
    [{ name: "s", timezone_string: "", gmt_offset: "-5" }, "Etc/GMT+5"],
    [{ name: "s", timezone_string: "", gmt_offset: 5.5 }, "+05:30"],
  ])("reads %j as %s", (site, expected) => {
    expect(readWooTimeZone(site)).toBe(expected);
  });
});

describe("toWooOrderWindow", () => {
  it("brackets the UTC days with exclusive bounds", () => {
    expect(toWooOrderWindow({ from: "2026-10-01", to: "2026-10-03" })).toEqual({
      after: "2026-09-30T23:59:59",
      before: "2026-10-04T00:00:00",
    });
  });
});
