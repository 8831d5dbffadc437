import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** An organization as seen by one of its members. */
export interface Membership {
  organizationId: string;
  name: string;
  slug: string;
  /** owner | admin | member (better-auth's organization roles) */
  role: string;
}

export interface OrganizationRepository {
  findMembership(userId: string, organizationId: string): Promise<Membership | null>;
  /** The user's organizations, oldest membership first. */
  listMemberships(userId: string): Promise<Membership[]>;
  /** Creates an organization with `ownerId` as its owner, in one transaction. */
  createWithOwner(input: { name: string; ownerId: string; createdAt?: Date }): Promise<Membership>;
}

/** "Apollo Ads" → "apollo-ads-3f9c1a": readable, and unique without a lookup. */
function slugFor(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 48);
  const suffix = randomBytes(3).toString("hex");
  return base ? `${base}-${suffix}` : suffix;
}

export function createOrganizationRepository(db: Kysely<Database>): OrganizationRepository {
  const memberships = () =>
    db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select([
        "organization.id as organizationId",
        "organization.name as name",
        "organization.slug as slug",
        "member.role as role",
      ]);
  return {
    async findMembership(userId, organizationId) {
      const row = await memberships()
        .where("member.userId", "=", userId)
        .where("member.organizationId", "=", organizationId)
        .executeTakeFirst();
      return row ?? null;
    },
    async listMemberships(userId) {
      return memberships()
        .where("member.userId", "=", userId)
        .orderBy("member.createdAt")
        .orderBy("organization.name")
        .execute();
    },
    async createWithOwner({ name, ownerId, createdAt = new Date() }) {
      const organizationId = randomUUID();
      const slug = slugFor(name);
      const now = createdAt;
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("organization").values({ id: organizationId, name, slug, createdAt: now }).execute();
        await trx
          .insertInto("member")
          .values({ id: randomUUID(), organizationId, userId: ownerId, role: "owner", createdAt: now })
          .execute();
      });
      return { organizationId, name, slug, role: "owner" };
    },
  };
}
