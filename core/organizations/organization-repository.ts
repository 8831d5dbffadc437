import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { ATTRIBUTION_SOURCES, type AttributionSource } from "./organization-settings-schema.ts";

/** An organization as seen by one of its members. */
export interface Membership {
  organizationId: string;
  name: string;
  slug: string;
  /** Its logo's versioned URL, null without one. */
  logo: string | null;
  /** owner | admin | manager | analyst | viewer (core/access/actor.ts) */
  role: string;
}

/** A membership as the organization switcher lists it. */
export interface SwitcherEntry extends Membership {
  /** When the user last made it their active organization (ISO), null if never. */
  lastActiveAt: string | null;
}

export interface OrganizationSettings {
  organizationId: string;
  name: string;
  logo: string | null;
  timeZone: string;
  currency: string;
  defaultAttribution: AttributionSource;
}

export type OrganizationSettingsChanges = Partial<Omit<OrganizationSettings, "organizationId">>;

export interface OrganizationRepository {
  findMembership(userId: string, organizationId: string): Promise<Membership | null>;
  /** The user's organizations, oldest membership first. */
  listMemberships(userId: string): Promise<Membership[]>;
  /** The user's organizations, most recently used first, then the others by name. */
  listForSwitcher(userId: string): Promise<SwitcherEntry[]>;
  /** Creates an organization with `ownerId` as its owner, in one transaction. */
  createWithOwner(input: {
    name: string;
    ownerId: string;
    createdAt?: Date;
    timeZone?: string;
    currency?: string;
  }): Promise<Membership>;
  /**
   * The organizations `ownerId` owns that still use the owner's previous time zone or currency take
   * the new ones (each setting on its own): a workspace follows its owner's region until an admin
   * sets it otherwise on /settings/general.
   */
  followOwnerRegion(
    ownerId: string,
    before: { timeZone: string; currency: string },
    after: { timeZone: string; currency: string },
  ): Promise<void>;
  /** The time zone and currency of a user's profile, the defaults of the organizations they create. */
  findProfileRegion(userId: string): Promise<{ timeZone: string; currency: string } | null>;
  /** Points one of the user's sessions at an organization and marks the membership as just used. */
  activate(input: { userId: string; sessionId: string; organizationId: string; at: Date }): Promise<void>;
  findSettings(organizationId: string): Promise<OrganizationSettings | null>;
  updateSettings(organizationId: string, changes: OrganizationSettingsChanges): Promise<void>;
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

const isoOf = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const attributionOf = (value: string): AttributionSource =>
  (ATTRIBUTION_SOURCES as readonly string[]).includes(value) ? (value as AttributionSource) : "platform";

export function createOrganizationRepository(db: Kysely<Database>): OrganizationRepository {
  const memberships = () =>
    db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select([
        "organization.id as organizationId",
        "organization.name as name",
        "organization.slug as slug",
        "organization.logo as logo",
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
    async followOwnerRegion(ownerId, before, after) {
      const owned = db
        .selectFrom("member")
        .select("member.organizationId")
        .where("member.userId", "=", ownerId)
        .where("member.role", "=", "owner");
      if (before.timeZone !== after.timeZone)
        await db
          .updateTable("organization")
          .set({ time_zone: after.timeZone })
          .where("id", "in", owned)
          .where("time_zone", "=", before.timeZone)
          .execute();
      if (before.currency !== after.currency)
        await db
          .updateTable("organization")
          .set({ currency: after.currency })
          .where("id", "in", owned)
          .where("currency", "=", before.currency)
          .execute();
    },
    async listForSwitcher(userId) {
      const rows = await memberships()
        .select("member.last_active_at as lastActiveAt")
        .where("member.userId", "=", userId)
        .execute();
      // Sorted here: the databases order NULLs and letter case differently, and a user has few.
      return rows
        .map((row) => ({ ...row, lastActiveAt: isoOf(row.lastActiveAt) }))
        .sort((a, b) => {
          if (a.lastActiveAt !== b.lastActiveAt) {
            if (a.lastActiveAt === null) return 1;
            if (b.lastActiveAt === null) return -1;
            return a.lastActiveAt < b.lastActiveAt ? 1 : -1;
          }
          return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
        });
    },
    async createWithOwner({ name, ownerId, createdAt = new Date(), timeZone, currency }) {
      const organizationId = randomUUID();
      const slug = slugFor(name);
      const now = createdAt;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("organization")
          .values({
            id: organizationId,
            name,
            slug,
            createdAt: now,
            ...(timeZone ? { time_zone: timeZone } : {}),
            ...(currency ? { currency } : {}),
          })
          .execute();
        await trx
          .insertInto("member")
          .values({ id: randomUUID(), organizationId, userId: ownerId, role: "owner", createdAt: now })
          .execute();
      });
      return { organizationId, name, slug, logo: null, role: "owner" };
    },
    async findProfileRegion(userId) {
      const row = await db
        .selectFrom("user_profiles")
        .select(["timezone", "currency"])
        .where("id", "=", userId)
        .executeTakeFirst();
      return row ? { timeZone: row.timezone, currency: row.currency } : null;
    },
    async activate({ userId, sessionId, organizationId, at }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("session")
          .set({ activeOrganizationId: organizationId })
          .where("id", "=", sessionId)
          .where("userId", "=", userId)
          .execute();
        await trx
          .updateTable("member")
          .set({ last_active_at: at })
          .where("userId", "=", userId)
          .where("organizationId", "=", organizationId)
          .execute();
      });
    },
    async findSettings(organizationId) {
      const row = await db
        .selectFrom("organization")
        .select(["id", "name", "logo", "time_zone", "currency", "default_attribution"])
        .where("id", "=", organizationId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        organizationId: row.id,
        name: row.name,
        logo: row.logo,
        timeZone: row.time_zone,
        currency: row.currency,
        defaultAttribution: attributionOf(row.default_attribution),
      };
    },
    async updateSettings(organizationId, changes) {
      const values = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.logo !== undefined ? { logo: changes.logo } : {}),
        ...(changes.timeZone !== undefined ? { time_zone: changes.timeZone } : {}),
        ...(changes.currency !== undefined ? { currency: changes.currency } : {}),
        ...(changes.defaultAttribution !== undefined ? { default_attribution: changes.defaultAttribution } : {}),
      };
      if (Object.keys(values).length === 0) return;
      await db.updateTable("organization").set(values).where("id", "=", organizationId).execute();
    },
  };
}
