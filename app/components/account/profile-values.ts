import type { UserProfile } from "#core/accounts/profile-repository.ts";
import { COMPANY_SIZES, PROFILE_DEFAULTS, PROFILE_ROLES, type ProfileRole } from "#core/accounts/profile-schema.ts";

type CompanySize = (typeof COMPANY_SIZES)[number];

/** The profile form's fields as the browser edits them: text everywhere, "" for "not set". */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  company_name: string;
  company_size: CompanySize | "";
  role: ProfileRole;
  timezone: string;
  currency: string;
}

export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  "1-10": "1-10 employees",
  "11-50": "11-50 employees",
  "51-200": "51-200 employees",
  "201-500": "201-500 employees",
  "501-1000": "501-1000 employees",
  "1000+": "1000+ employees",
};

export const ROLE_LABELS: Record<ProfileRole, string> = {
  admin: "Admin",
  manager: "Manager",
  analyst: "Analyst",
  viewer: "Viewer",
};

const isCompanySize = (value: string | null): value is CompanySize =>
  (COMPANY_SIZES as readonly (string | null)[]).includes(value);
const isRole = (value: string): value is ProfileRole => (PROFILE_ROLES as readonly string[]).includes(value);

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
    role: isRole(profile.role) ? profile.role : PROFILE_DEFAULTS.role,
    timezone: profile.timezone,
    currency: profile.currency,
  };
}
