import type { Generated } from "kysely";

/** Kysely's view of our tables. Repositories map these rows to domain types. */
export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

/** better-auth's user table; better-auth itself reads and writes it. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface UserProfileTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  company_size: string | null;
  role: string;
  timezone: string;
  currency: string;
  avatar_url: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface UserPreferencesTable {
  user_id: string;
  /** JSON text, validated by the preferences schema on the way in and out. */
  preferences: string;
  updated_at: Generated<Date | string>;
}

export interface Database {
  rate_limits: RateLimitTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  user_profiles: UserProfileTable;
  user_preferences: UserPreferencesTable;
}
