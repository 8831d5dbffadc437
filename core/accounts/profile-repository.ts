import type { Kysely, Selectable } from "kysely";
import type { Database, UserProfileTable } from "#core/db/schema.ts";
import { PROFILE_DEFAULTS, type ProfileUpdate } from "./profile-schema.ts";

export interface UserProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  companySize: string | null;
  timezone: string;
  currency: string;
  avatarUrl: string | null;
}

export interface NewProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string | null;
}

export interface ProfileRepository {
  create(profile: NewProfile): Promise<void>;
  findById(userId: string): Promise<UserProfile | null>;
  update(userId: string, changes: ProfileUpdate): Promise<UserProfile | null>;
  setAvatarUrl(userId: string, avatarUrl: string): Promise<void>;
}

function toProfile(row: Selectable<UserProfileTable>): UserProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    companySize: row.company_size,
    timezone: row.timezone,
    currency: row.currency,
    avatarUrl: row.avatar_url,
  };
}

export function createProfileRepository(db: Kysely<Database>): ProfileRepository {
  const findById = async (userId: string) => {
    const row = await db.selectFrom("user_profiles").selectAll().where("id", "=", userId).executeTakeFirst();
    return row ? toProfile(row) : null;
  };
  return {
    async create(profile) {
      const now = new Date();
      await db
        .insertInto("user_profiles")
        .values({
          id: profile.id,
          email: profile.email,
          first_name: profile.firstName,
          last_name: profile.lastName,
          company_name: profile.companyName ?? null,
          company_size: null,
          ...PROFILE_DEFAULTS,
          // Legacy column (the role before teams): written once with its default, read by nothing.
          role: "admin",
          avatar_url: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    },
    findById,
    async update(userId, changes) {
      await db
        .updateTable("user_profiles")
        .set({
          first_name: changes.first_name,
          last_name: changes.last_name,
          company_name: changes.company_name ?? null,
          company_size: changes.company_size ?? null,
          timezone: changes.timezone,
          currency: changes.currency,
          updated_at: new Date(),
        })
        .where("id", "=", userId)
        .execute();
      return findById(userId);
    },
    async setAvatarUrl(userId, avatarUrl) {
      await db
        .updateTable("user_profiles")
        .set({ avatar_url: avatarUrl, updated_at: new Date() })
        .where("id", "=", userId)
        .execute();
    },
  };
}
