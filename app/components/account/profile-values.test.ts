import { describe, expect, it } from "vitest";
import { listProfileOptions } from "#core/accounts/profile-options.ts";
import { profileSchema } from "#core/accounts/profile-schema.ts";
import { COMPANY_NAME_TOO_LONG_MESSAGE, currenciesIn } from "./profile-values.ts";

describe("profile values", () => {
  it("knows the company name's length message exactly as the schema says it", () => {
    const parsed = profileSchema.shape.company_name.safeParse("x".repeat(201));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(COMPANY_NAME_TOO_LONG_MESSAGE);
  });

  it("names the currencies in the reader's language, keeping core's English labels", () => {
    const { currencies } = listProfileOptions();
    expect(currenciesIn(currencies, "en-US")).toEqual(currencies);
    const german = currenciesIn(currencies, "de-DE");
    expect(german.map((currency) => currency.code)).toEqual(currencies.map((currency) => currency.code));
    expect(german.find((currency) => currency.code === "USD")?.label).toBe("USD — US-Dollar");
  });
});
