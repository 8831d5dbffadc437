import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { clampShopifyOrderWindow } from "./connector.ts";
import { verifyShopifyHmac } from "./oauth.ts";
import { normalizeShopDomain } from "./shop-domain.ts";

describe("normalizeShopDomain", () => {
  it.each([
    ["demo", "demo.myshopify.com"],
    ["  Demo  ", "demo.myshopify.com"],
    ["demo.myshopify.com", "demo.myshopify.com"],
    ["https://demo.myshopify.com/admin", "demo.myshopify.com"],
    ["http://demo-store-2.myshopify.com/admin/orders?x=1", "demo-store-2.myshopify.com"],
    ["https://admin.shopify.com/store/demo/orders", "demo.myshopify.com"],
  ])("accepts %j as %s", (input, expected) => {
    expect(normalizeShopDomain(input)).toBe(expected);
  });

  it.each([
    "",
    "shop.example.com",
    "https://demo.myshopify.com.evil.com",
    "demo.myshopify.com:8443",
    "https://user@demo.myshopify.com",
    "-demo",
    "demo shop",
    "ftp://demo.myshopify.com",
    "https://admin.shopify.com/settings",
  ])("refuses %j", (input) => {
    expect(normalizeShopDomain(input)).toBeNull();
  });
});

describe("verifyShopifyHmac", () => {
  it("checks Shopify's documented example", () => {
    const params = new URLSearchParams(
      "code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173",
    );
    expect(verifyShopifyHmac(params, "hush")).toBe(true);
    expect(verifyShopifyHmac(params, "another secret")).toBe(false);
  });

  it("signs every other parameter sorted by name, whatever their order", () => {
    const message = "a=1&b=two&shop=x.myshopify.com";
    const hmac = createHmac("sha256", "secret").update(message).digest("hex");
    expect(verifyShopifyHmac(new URLSearchParams(`shop=x.myshopify.com&hmac=${hmac}&b=two&a=1`), "secret")).toBe(true);
    expect(verifyShopifyHmac(new URLSearchParams(`shop=y.myshopify.com&hmac=${hmac}&b=two&a=1`), "secret")).toBe(false);
    expect(verifyShopifyHmac(new URLSearchParams("shop=x.myshopify.com&b=two&a=1"), "secret")).toBe(false);
  });
});

describe("clampShopifyOrderWindow", () => {
  const now = new Date("2026-11-21T15:00:00Z");

  it("asks for whole UTC days, the last one included", () => {
    expect(clampShopifyOrderWindow({ from: "2026-11-01", to: "2026-11-20" }, now)).toEqual({
      from: "2026-11-01T00:00:00Z",
      to: "2026-11-21T00:00:00Z",
    });
  });

  it("starts no earlier than 59 days before today", () => {
    expect(clampShopifyOrderWindow({ from: "2026-08-01", to: "2026-10-01" }, now)).toEqual({
      from: "2026-09-23T00:00:00Z",
      to: "2026-10-02T00:00:00Z",
    });
    expect(clampShopifyOrderWindow({ from: "2026-08-01", to: "2026-09-01" }, now)).toBeNull();
  });
});
