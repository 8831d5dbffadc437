import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Role, userActor } from "#core/access/actor.ts";
import { createProfileRepository } from "#core/accounts/profile-repository.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { FileStorage, StoredFile } from "#core/ports/file-storage.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createOrganizationRepository } from "./organization-repository.ts";
import { organizationTimeZone } from "./organization-time-zone.ts";
import { createOrganizationsModule } from "./organizations-module.ts";

let database: DatabaseHandle;
let module: ReturnType<typeof createOrganizationsModule>;
const files = new Map<string, StoredFile>();
// An in-memory store: the port's contract, not one of our modules.
const storage: FileStorage = {
  put: async (key, file) => void files.set(key, file),
  get: async (key) => files.get(key) ?? null,
  delete: async (key) => void files.delete(key),
  putStream: async (key, body, contentType) =>
    void files.set(key, { bytes: Buffer.concat(await body.toArray()), contentType }),
  getStream: async (key) => {
    const file = files.get(key);
    return file ? { body: Readable.from([file.bytes]), contentType: file.contentType, size: file.bytes.length } : null;
  },
};
let clock = new Date("2026-03-01T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  module = createOrganizationsModule({ db: database.db, storage, now: () => clock });
});
afterAll(async () => {
  await database.close();
});

/** A person with a profile, their own organization and a signed-in session in it. */
async function newPerson(name = "Ada", region = { timezone: "Europe/Paris", currency: "EUR" }) {
  const { db } = database;
  const userId = randomUUID();
  await db
    .insertInto("user")
    .values({ id: userId, name, email: `${userId}@example.test`, emailVerified: true })
    .execute();
  await db
    .insertInto("user_profiles")
    .values({ id: userId, email: `${userId}@example.test`, first_name: name, last_name: "L", role: "admin", ...region })
    .execute();
  const home = await createOrganizationRepository(db).createWithOwner({ name: `${name}'s workspace`, ownerId: userId });
  const sessionId = randomUUID();
  await db
    .insertInto("session")
    .values({
      id: sessionId,
      userId,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
      ipAddress: null,
      userAgent: null,
      activeOrganizationId: home.organizationId,
    })
    .execute();
  const actorIn = (organizationId: string, role: Role = "owner") => userActor({ userId, name, organizationId, role });
  return { userId, sessionId, home, actor: actorIn(home.organizationId), actorIn };
}

async function addMember(organizationId: string, userId: string, role: Role) {
  await database.db
    .insertInto("member")
    .values({ id: randomUUID(), organizationId, userId, role, createdAt: new Date() })
    .execute();
}

const activeOf = async (sessionId: string) =>
  (
    await database.db
      .selectFrom("session")
      .select("activeOrganizationId")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow()
  ).activeOrganizationId;

const auditOf = (organizationId: string) =>
  database.db
    .selectFrom("audit_events")
    .select(["action", "actor_label", "target_label", "details"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at")
    .execute();

const settingsRow = (organizationId: string) =>
  database.db
    .selectFrom("organization")
    .select(["name", "logo", "time_zone", "currency", "default_attribution"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();

describe("Create New", () => {
  it("makes the creator the owner, takes their profile's region and switches their session to it", async () => {
    const ada = await newPerson("Ada", { timezone: "Europe/Paris", currency: "EUR" });
    const created = await module.createOrganization(ada.actor, {
      values: { name: "  Client Alpha  " },
      sessionId: ada.sessionId,
    });
    expect(created).toMatchObject({ name: "Client Alpha", role: "owner" });
    expect(await activeOf(ada.sessionId)).toBe(created.organizationId);
    expect(await settingsRow(created.organizationId)).toMatchObject({
      name: "Client Alpha",
      time_zone: "Europe/Paris",
      currency: "EUR",
      default_attribution: "platform",
    });
    expect(await organizationTimeZone(database.db, created.organizationId)).toBe("Europe/Paris");
    expect(await auditOf(created.organizationId)).toEqual([
      expect.objectContaining({ action: "organization.created", actor_label: "Ada", target_label: "Client Alpha" }),
    ]);
    // The person's own organization's log is untouched.
    expect(await auditOf(ada.home.organizationId)).toEqual([]);
  });

  it.each([
    [{ name: "" }, "The name must be at least 2 characters"],
    [{ name: " A " }, "The name must be at least 2 characters"],
    [{ name: "x".repeat(81) }, "The name must be at most 80 characters"],
    [{}, "Enter the organization's name"],
  ])("refuses %o with a field error and creates nothing", async (values, message) => {
    const ada = await newPerson();
    const outcome = await module
      .createOrganization(ada.actor, { values, sessionId: ada.sessionId })
      .catch((error: unknown) => error);
    expect(outcome).toMatchObject({ status: 400, details: { fieldErrors: { name: message } } });
    expect(await module.listMyOrganizations(ada.actor)).toHaveLength(1);
    expect(await activeOf(ada.sessionId)).toBe(ada.home.organizationId);
  });
});

describe("switching organizations", () => {
  it("lists the last used first, then the rest by name, with the active one marked", async () => {
    const ada = await newPerson();
    const names = ["zeta", "Beta", "alpha"];
    const ids: Record<string, string> = {};
    for (const name of names) {
      clock = new Date(clock.getTime() + 60_000);
      ids[name] = (
        await module.createOrganization(ada.actor, { values: { name }, sessionId: ada.sessionId })
      ).organizationId;
    }
    // Never used since sign-up: the home organization has no last use.
    await database.db
      .updateTable("member")
      .set({ last_active_at: null })
      .where("organizationId", "=", ada.home.organizationId)
      .execute();
    clock = new Date(clock.getTime() + 60_000);
    await module.switchOrganization(ada.actorIn(ids.alpha!), { organizationId: ids.zeta, sessionId: ada.sessionId });
    const listed = await module.listMyOrganizations(ada.actorIn(ids.zeta!));
    expect(listed.map((entry) => [entry.name, entry.isActive, entry.role])).toEqual([
      ["zeta", true, "owner"],
      ["alpha", false, "owner"],
      ["Beta", false, "owner"],
      ["Ada's workspace", false, "owner"],
    ]);
  });

  it("switches to an organization the person belongs to, with their role there", async () => {
    const owner = await newPerson("Olivia");
    const ada = await newPerson("Ada");
    await addMember(owner.home.organizationId, ada.userId, "analyst");
    const switched = await module.switchOrganization(ada.actor, {
      organizationId: owner.home.organizationId,
      sessionId: ada.sessionId,
    });
    expect(switched).toMatchObject({ organizationId: owner.home.organizationId, role: "analyst" });
    expect(await activeOf(ada.sessionId)).toBe(owner.home.organizationId);
  });

  it("refuses another organization's id like an unknown one, and changes nothing", async () => {
    const stranger = await newPerson("Mallory");
    const ada = await newPerson("Ada");
    for (const organizationId of [stranger.home.organizationId, "no-such-org", 42, undefined]) {
      const outcome = await module
        .switchOrganization(ada.actor, { organizationId, sessionId: ada.sessionId })
        .catch((error: unknown) => error);
      expect(outcome).toMatchObject({ status: 404 });
    }
    expect(await activeOf(ada.sessionId)).toBe(ada.home.organizationId);
    // Nor can a person move someone else's session.
    await module.switchOrganization(stranger.actor, {
      organizationId: stranger.home.organizationId,
      sessionId: ada.sessionId,
    });
    expect(await activeOf(ada.sessionId)).toBe(ada.home.organizationId);
  });
});

describe("the organization's settings", () => {
  const VALUES = { name: "Apollo Ads", timeZone: "America/New_York", currency: "CAD", defaultAttribution: "store" };

  it("are saved by an admin, with what changed in the audit log", async () => {
    const owner = await newPerson("Olivia");
    const admin = await newPerson("Ada");
    await addMember(owner.home.organizationId, admin.userId, "admin");
    const before = await settingsRow(owner.home.organizationId);
    const saved = await module.updateOrganizationSettings(admin.actorIn(owner.home.organizationId, "admin"), {
      values: VALUES,
      ipAddress: "203.0.113.9",
    });
    expect(saved).toMatchObject(VALUES);
    expect(await module.getOrganizationSettings(owner.actor)).toMatchObject(VALUES);
    expect(await organizationTimeZone(database.db, owner.home.organizationId)).toBe("America/New_York");
    const [entry] = await auditOf(owner.home.organizationId);
    expect(entry).toMatchObject({ action: "organization.updated", actor_label: "Ada", target_label: "Apollo Ads" });
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({
      name: { from: before.name, to: "Apollo Ads" },
      timeZone: { from: before.time_zone, to: "America/New_York" },
      currency: { from: before.currency, to: "CAD" },
      defaultAttribution: { from: "platform", to: "store" },
    });
    // Saving the same values again records nothing.
    await module.updateOrganizationSettings(owner.actor, { values: VALUES });
    expect(await auditOf(owner.home.organizationId)).toHaveLength(1);
  });

  it.each(["manager", "analyst", "viewer"] as const)("are read but not changed by a %s (403)", async (role) => {
    const owner = await newPerson("Olivia");
    const member = await newPerson("Max");
    await addMember(owner.home.organizationId, member.userId, role);
    const actor = member.actorIn(owner.home.organizationId, role);
    const before = await settingsRow(owner.home.organizationId);
    expect(await module.getOrganizationSettings(actor)).toMatchObject({ name: before.name });
    for (const attempt of [
      () => module.updateOrganizationSettings(actor, { values: VALUES }),
      () => module.updateOrganizationLogo(actor, { bytes: Buffer.from("x") }),
      () => module.removeOrganizationLogo(actor),
    ])
      expect(await attempt().catch((error: unknown) => error)).toMatchObject({ status: 403 });
    expect(await settingsRow(owner.home.organizationId)).toEqual(before);
    expect(await auditOf(owner.home.organizationId)).toEqual([]);
  });

  it("refuses bad input field by field and saves nothing", async () => {
    const owner = await newPerson("Olivia");
    const before = await settingsRow(owner.home.organizationId);
    const outcome = await module
      .updateOrganizationSettings(owner.actor, {
        values: { name: "", timeZone: "Mars/Olympus", currency: "XYZW", defaultAttribution: "vibes" },
      })
      .catch((error: unknown) => error);
    expect(outcome).toMatchObject({
      status: 400,
      details: {
        fieldErrors: {
          name: "The name must be at least 2 characters",
          timeZone: "Choose a time zone from the list",
          currency: "Choose a currency from the list",
          defaultAttribution: "Choose platform-reported or store revenue",
        },
      },
    });
    // A well-formed code this server does not offer is refused too.
    const unlisted = await module
      .updateOrganizationSettings(owner.actor, { values: { ...VALUES, currency: "ZZZ" } })
      .catch((error: unknown) => error);
    expect(unlisted).toMatchObject({
      status: 400,
      details: { fieldErrors: { currency: "Choose a currency from the list" } },
    });
    expect(await settingsRow(owner.home.organizationId)).toEqual(before);
  });

  it("change only the acting organization", async () => {
    const ada = await newPerson("Ada");
    const other = await newPerson("Olivia");
    const otherBefore = await settingsRow(other.home.organizationId);
    await module.updateOrganizationSettings(ada.actor, { values: VALUES });
    expect(await settingsRow(other.home.organizationId)).toEqual(otherBefore);
    expect(await module.getOrganizationSettings(other.actor)).toMatchObject({ name: otherBefore.name });
  });

  it("take a logo as a re-encoded image, and refuse what is not one", async () => {
    const ada = await newPerson("Ada");
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#3355ff" } })
      .png()
      .toBuffer();
    const logo = await module.updateOrganizationLogo(ada.actor, { bytes: png });
    expect(logo).toMatch(new RegExp(`^/media/organizations/${ada.home.organizationId}/logo\\.webp\\?v=[0-9a-f]{12}$`));
    const stored = files.get(`organizations/${ada.home.organizationId}/logo.webp`);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored?.bytes).metadata()).format).toBe("webp");
    expect((await module.getOrganizationSettings(ada.actor)).logo).toBe(logo);

    for (const bytes of [Buffer.from("<svg onload=alert(1)>"), Buffer.from("not an image"), Buffer.alloc(0)]) {
      const outcome = await module.updateOrganizationLogo(ada.actor, { bytes }).catch((error: unknown) => error);
      expect(outcome).toMatchObject({
        status: 400,
        details: { fieldErrors: { logo: "Please upload an image file." } },
      });
    }
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect(
      await module.updateOrganizationLogo(ada.actor, { bytes: huge }).catch((error: unknown) => error),
    ).toMatchObject({ status: 422, details: { fieldErrors: { logo: "Please upload an image smaller than 2MB." } } });
    expect((await module.getOrganizationSettings(ada.actor)).logo).toBe(logo);

    await module.removeOrganizationLogo(ada.actor);
    expect((await module.getOrganizationSettings(ada.actor)).logo).toBeNull();
    expect(files.has(`organizations/${ada.home.organizationId}/logo.webp`)).toBe(false);
  });
});

describe("an organization and its owner's region", () => {
  it("follows the owner's new time zone and currency until an admin sets its own", async () => {
    const { db } = database;
    const ada = await newPerson("Ada", { timezone: "UTC", currency: "USD" });
    const kept = await module.createOrganization(ada.actor, {
      values: { name: "Set by hand" },
      sessionId: ada.sessionId,
    });
    await db
      .updateTable("organization")
      .set({ time_zone: "Asia/Tokyo" })
      .where("id", "=", kept.organizationId)
      .execute();

    const profile = await createProfileRepository(db).findById(ada.userId);
    await updateProfile(
      { profiles: createProfileRepository(db), followRegion: createOrganizationRepository(db).followOwnerRegion },
      ada.userId,
      {
        first_name: profile?.firstName,
        last_name: profile?.lastName,
        company_name: "",
        company_size: "",
        role: "admin",
        timezone: "Europe/Berlin",
        currency: "EUR",
      },
    );
    const region = (id: string) =>
      db.selectFrom("organization").select(["time_zone", "currency"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await region(ada.home.organizationId)).toEqual({ time_zone: "Europe/Berlin", currency: "EUR" });
    // Its time zone was chosen on its own: only the currency, still the owner's old one, follows.
    expect(await region(kept.organizationId)).toEqual({ time_zone: "Asia/Tokyo", currency: "EUR" });
  });
});
