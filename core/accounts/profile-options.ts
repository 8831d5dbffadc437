/** One currency as the profile's select shows it: "USD — US Dollar". */
export interface CurrencyOption {
  code: string;
  label: string;
}

export interface ProfileOptions {
  /** IANA names, "UTC" first. */
  timeZones: string[];
  currencies: CurrencyOption[];
}

let cached: ProfileOptions | null = null;

/**
 * The time zones and currencies this server accepts. Built on the server and handed to the page,
 * so the browser shows exactly the options the server will take (ICU data differs by runtime).
 */
export function listProfileOptions(): ProfileOptions {
  cached ??= { timeZones: listTimeZones(), currencies: listCurrencies() };
  return cached;
}

function listTimeZones(): string[] {
  // ICU lists only region-based zones; "UTC" is the profile's default, so it must be offered too.
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...zones.sort()];
}

function listCurrencies(): CurrencyOption[] {
  const names = new Intl.DisplayNames("en", { type: "currency", fallback: "code" });
  return Intl.supportedValuesOf("currency").map((code) => {
    const name = names.of(code);
    return { code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}

export function isSupportedTimeZone(value: string): boolean {
  return listProfileOptions().timeZones.includes(value);
}

export function isSupportedCurrency(value: string): boolean {
  return listProfileOptions().currencies.some((currency) => currency.code === value);
}
