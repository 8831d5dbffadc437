import type { Role } from "#core/access/actor.ts";
import type { CurrencyOption } from "#core/accounts/profile-options.ts";
import type { UserProfile } from "#core/accounts/profile-repository.ts";
import { COMPANY_SIZES, PROFILE_DEFAULTS } from "#core/accounts/profile-schema.ts";

type CompanySize = (typeof COMPANY_SIZES)[number];

/** The profile form's fields as the browser edits them: text everywhere, "" for "not set". */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  company_name: string;
  company_size: CompanySize | "";
  timezone: string;
  currency: string;
}

/** Each company size's label: a catalog key of the "account" namespace. */
export const COMPANY_SIZE_KEYS: Record<CompanySize, string> = {
  "1-10": "profile.companySizes.1to10",
  "11-50": "profile.companySizes.11to50",
  "51-200": "profile.companySizes.51to200",
  "201-500": "profile.companySizes.201to500",
  "501-1000": "profile.companySizes.501to1000",
  "1000+": "profile.companySizes.over1000",
};

/** Each role's label (the role in the active organization, shown read-only): a catalog key of the "account" namespace. */
export const ROLE_KEYS: Record<Role, string> = {
  owner: "profile.roles.owner",
  admin: "profile.roles.admin",
  manager: "profile.roles.manager",
  analyst: "profile.roles.analyst",
  viewer: "profile.roles.viewer",
};

/**
 * The one profile message core builds from a variable (profile-schema.ts's optionalText), as its
 * text reads: the messages-account catalog translates it like core's other messages.
 * (profile-values.test.ts checks the schema still says exactly this.)
 */
export const COMPANY_NAME_TOO_LONG_MESSAGE = "Company name must be at most 200 characters";

/** The currencies with their names in the reader's locale ("EUR — Euro"), codes as core lists them. */
export function currenciesIn(currencies: CurrencyOption[], locale: string): CurrencyOption[] {
  const names = new Intl.DisplayNames(locale, { type: "currency", fallback: "code" });
  return currencies.map(({ code }) => {
    const name = names.of(code);
    return { code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}

const isCompanySize = (value: string | null): value is CompanySize =>
  (COMPANY_SIZES as readonly (string | null)[]).includes(value);

/** A stored profile as form values; an account without a profile row starts from its name. */
export function toProfileFormValues(profile: UserProfile | null, fallbackName = ""): ProfileFormValues {
  if (!profile) {
    const [firstName = "", ...rest] = fallbackName.split(" ");
    return {
      first_name: firstName,
      last_name: rest.join(" "),
      company_name: "",
      company_size: "",
      ...PROFILE_DEFAULTS,
    };
  }
  return {
    first_name: profile.firstName,
    last_name: profile.lastName,
    company_name: profile.companyName ?? "",
    company_size: isCompanySize(profile.companySize) ? profile.companySize : "",
    timezone: profile.timezone,
    currency: profile.currency,
  };
}
