import { type Kysely, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { AD_PLATFORM_IDS, STORE_PLATFORM_IDS } from "#core/shared/platforms.ts";

/** What the getting-started steps are computed from, for one person in one organization. */
export interface OnboardingFacts {
  isEmailVerified: boolean;
  profile: {
    firstName: string;
    lastName: string;
    companyName: string | null;
    timezone: string;
    currency: string;
  } | null;
  hasAdPlatform: boolean;
  hasStore: boolean;
  hasGoals: boolean;
  hasApiKey: boolean;
  hasInvitation: boolean;
}

export interface OnboardingRepository {
  /** Null when the user does not exist. */
  findFacts(userId: string, organizationId: string): Promise<OnboardingFacts | null>;
}

// SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
const truthy = (value: unknown) => value === true || Number(value) === 1;

export function createOnboardingRepository(db: Kysely<Database>): OnboardingRepository {
  return {
    async findFacts(userId, organizationId) {
      // One round trip: the sidebar badge asks on every app page.
      const row = await db
        .selectFrom("user")
        .leftJoin("user_profiles", "user_profiles.id", "user.id")
        .where("user.id", "=", userId)
        .select((eb) => {
          const liveConnectionOf = (platforms: readonly string[]) =>
            eb.exists(
              eb
                .selectFrom("connections")
                .select(sql`1`.as("one"))
                .where("connections.organization_id", "=", organizationId)
                .where("connections.platform", "in", platforms)
                .where("connections.status", "!=", "disconnected"),
            );
          return [
            "user.emailVerified as emailVerified",
            "user_profiles.id as profileId",
            "user_profiles.first_name as firstName",
            "user_profiles.last_name as lastName",
            "user_profiles.company_name as companyName",
            "user_profiles.timezone as timezone",
            "user_profiles.currency as currency",
            liveConnectionOf(AD_PLATFORM_IDS).as("hasAdPlatform"),
            liveConnectionOf(STORE_PLATFORM_IDS).as("hasStore"),
            eb
              .exists(
                eb.selectFrom("goals").select(sql`1`.as("one")).where("goals.organization_id", "=", organizationId),
              )
              .as("hasGoals"),
            eb
              .exists(
                eb
                  .selectFrom("api_keys")
                  .select(sql`1`.as("one"))
                  .where("api_keys.organization_id", "=", organizationId),
              )
              .as("hasApiKey"),
            eb
              .exists(
                eb
                  .selectFrom("invitation")
                  .select(sql`1`.as("one"))
                  .where("invitation.organizationId", "=", organizationId),
              )
              .as("hasInvitation"),
          ];
        })
        .executeTakeFirst();
      if (!row) return null;
      return {
        isEmailVerified: truthy(row.emailVerified),
        profile: row.profileId
          ? {
              firstName: row.firstName ?? "",
              lastName: row.lastName ?? "",
              companyName: row.companyName ?? null,
              timezone: row.timezone ?? "",
              currency: row.currency ?? "",
            }
          : null,
        hasAdPlatform: truthy(row.hasAdPlatform),
        hasStore: truthy(row.hasStore),
        hasGoals: truthy(row.hasGoals),
        hasApiKey: truthy(row.hasApiKey),
        hasInvitation: truthy(row.hasInvitation),
      };
    },
  };
}
