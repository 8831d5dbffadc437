import { describe, expect, it } from "vitest";
import { canonicalAmountText } from "./amount-text.ts";

describe("an amount typed in the reader's locale", () => {
  it("reads German, Spanish and French amounts as core does", () => {
    expect(canonicalAmountText("49,90", "de-DE")).toBe("49.90");
    expect(canonicalAmountText("5.000", "de-DE")).toBe("5000");
    expect(canonicalAmountText("5.000,50", "es-ES")).toBe("5000.50");
    expect(canonicalAmountText("5\u202f000,50", "fr-FR")).toBe("5000.50");
    expect(canonicalAmountText("3,5×", "de-DE")).toBe("3.5×");
  });

  it("keeps a point typed the English way a decimal point", () => {
    expect(canonicalAmountText("49.90", "de-DE")).toBe("49.90");
  });

  it("leaves English amounts as they are typed", () => {
    expect(canonicalAmountText(" 5,000.50 ", "en-US")).toBe("5,000.50");
    expect(canonicalAmountText(undefined, "en-US")).toBe("");
  });
});
