import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { type Actor, userActor } from "#core/access/actor.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { ORGANIZATION_TABLES } from "./export-tables.ts";
import { createPrivacyBackground, createPrivacyModule, type PrivacyModuleDependencies } from "./privacy-module.ts";

let database: DatabaseHandle;
let clock = new Date("2026-11-26T10:00:00.000Z");
const mail = createRecordingMailer();
let deps: PrivacyModuleDependencies;
let privacy: ReturnType<typeof createPrivacyModule>;
let background: ReturnType<typeof createPrivacyBackground>;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    storage: createLocalFileStorage(await mkdtemp(path.join(tmpdir(), "adhelm-privacy-"))),
    queue: createDatabaseJobQueue({ db: database.db, logger: silentLogger }),
    mailer: mail.mailer,
    audit: createAuditLog(database.db),
    logger: silentLogger,
    appUrl: "https://app.example.test",
    now: () => clock,
  };
  privacy = createPrivacyModule(deps);
  background = createPrivacyBackground(deps);
});
afterAll(async () => {
  await database.close();
});

interface Person {
  userId: string;
  email: string;
  organizationId: string;
  actor: Actor;
}

async function signUp(
  name: string,
  role: "owner" | "admin" | "manager" | "analyst" | "viewer" = "owner",
  joining?: string,
): Promise<Person> {
  const userId = randomUUID();
  const email = `${userId}@example.test`;
  await database.db.insertInto("user").values({ id: userId, name, email, emailVerified: true }).execute();
  let organizationId = joining;
  if (!organizationId)
    ({ organizationId } = await createOrganizationRepository(database.db).createWithOwner({
      name: `${name} Ltd`,
      ownerId: userId,
    }));
  else
    await database.db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId, userId, role, createdAt: clock })
      .execute();
  return { userId, email, organizationId, actor: userActor({ userId, name, organizationId, role }) };
}

function filesOf(bytes: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, strFromU8(data)]),
  );
}

describe("data exports", () => {
  it("builds an organization's export in the background, without secrets, mails it, and lets only its requester download it for 7 days", async () => {
    const ada = await signUp("Ada");
    const max = await signUp("Max", "manager", ada.organizationId);
    await seedConnection(database.db, {
      organizationId: ada.organizationId,
      platform: "google-ads",
      status: "active",
      campaigns: [{ spend: { "2026-11-01": 12_345, "2026-11-02": 6_789 } }],
    });
    await database.db
      .updateTable("connections")
      .set({ access_token_encrypted: "sealed-access-token-value", refresh_token_encrypted: "sealed-refresh" })
      .where("organization_id", "=", ada.organizationId)
      .execute();
    const other = await signUp("Grace");
    await seedConnection(database.db, {
      organizationId: other.organizationId,
      platform: "meta-ads",
      status: "active",
      campaigns: [{}],
    });

    const queued = await privacy.requestOrganizationExport(ada.actor);
    expect(queued.status).toBe("queued");
    await expect(privacy.requestOrganizationExport(ada.actor)).rejects.toMatchObject({ code: "conflict" });
    await expect(privacy.requestOrganizationExport(max.actor)).rejects.toMatchObject({ code: "forbidden" });

    await background.buildDataExport(queued.id);
    const overview = await privacy.getPrivacyOverview(ada.actor);
    const ready = overview.exports.find((item) => item.id === queued.id);
    expect(ready).toMatchObject({ status: "ready", progress: 100, downloadable: true });

    const mailToAda = mail.to(ada.email).at(-1);
    expect(mailToAda?.subject).toBe("The data export of Ada Ltd is ready");
    expect(mailToAda?.text).toContain("https://app.example.test/account/privacy");

    const { bytes, filename } = await privacy.downloadDataExport(ada.actor, queued.id);
    expect(filename).toMatch(/^adhelm-organization-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = filesOf(bytes);
    for (const table of ORGANIZATION_TABLES) expect(Object.keys(files)).toContain(table.file);
    expect(
      JSON.parse(files["members.json"] as string)
        .map((member: { name: string; role: string }) => `${member.name} (${member.role})`)
        .sort(),
    ).toEqual(["Ada (owner)", "Max (manager)"]);
    expect(files["campaign-daily-metrics.csv"]).toContain("12345");
    const everything = Object.values(files).join("\n");
    expect(everything).not.toContain("sealed-access-token-value");
    expect(everything).not.toContain("access_token_encrypted");
    // Nothing of the other organization.
    expect(everything).not.toContain(other.organizationId);

    // Max is a member of the organization but did not ask for it.
    await expect(privacy.downloadDataExport(max.actor, queued.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(privacy.downloadDataExport(other.actor, queued.id)).rejects.toMatchObject({ code: "not_found" });

    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60 * 1000 + 1000);
    await expect(privacy.downloadDataExport(ada.actor, queued.id)).rejects.toMatchObject({
      message: "This export has expired. Ask for a new one.",
    });
    expect((await background.purge()).exports).toBeGreaterThanOrEqual(1);
    expect((await privacy.getPrivacyOverview(ada.actor)).exports.find((item) => item.id === queued.id)).toMatchObject({
      expired: true,
      downloadable: false,
    });
  });

  it("gives any person their own data, and a viewer may ask for it too", async () => {
    const ada = await signUp("Ada");
    const vic = await signUp("Vic", "viewer", ada.organizationId);
    const queued = await privacy.requestPersonalExport(vic.actor);
    await background.buildDataExport(queued.id);
    const files = filesOf((await privacy.downloadDataExport(vic.actor, queued.id)).bytes);
    expect(JSON.parse(files["account.json"] as string)[0]).toMatchObject({ name: "Vic", email: vic.email });
    expect(JSON.parse(files["organizations.json"] as string)).toEqual([
      expect.objectContaining({ name: "Ada Ltd", role: "viewer" }),
    ]);
    expect(files["README.txt"]).toContain("Secrets");
    await expect(privacy.downloadDataExport(ada.actor, queued.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("deletion with a 30-day grace period", () => {
  it("deletes an organization and everything in it 30 days after the owner asks, unless cancelled", async () => {
    const ada = await signUp("Ada");
    const max = await signUp("Max", "admin", ada.organizationId);
    await seedConnection(database.db, {
      organizationId: ada.organizationId,
      platform: "google-ads",
      status: "active",
      campaigns: [{}],
    });
    await expect(privacy.requestOrganizationDeletion(max.actor)).rejects.toMatchObject({ code: "forbidden" });

    const request = await privacy.requestOrganizationDeletion(ada.actor);
    expect(request.purgeAfter.toISOString()).toBe(new Date(clock.getTime() + 30 * 86_400_000).toISOString());
    expect(mail.to(ada.email).at(-1)?.subject).toMatch(/^Ada Ltd will be deleted on /);
    await privacy.cancelOrganizationDeletion(ada.actor);
    expect(mail.to(ada.email).at(-1)?.subject).toBe("Ada Ltd will not be deleted");

    await privacy.requestOrganizationDeletion(ada.actor);
    clock = new Date(clock.getTime() + 29 * 86_400_000);
    await background.purge();
    expect(
      await database.db.selectFrom("organization").select("id").where("id", "=", ada.organizationId).execute(),
    ).toHaveLength(1);

    clock = new Date(clock.getTime() + 2 * 86_400_000);
    expect((await background.purge()).deletions).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.selectFrom("organization").select("id").where("id", "=", ada.organizationId).execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom("campaigns")
        .select("id")
        .where("organization_id", "=", ada.organizationId)
        .execute(),
    ).toEqual([]);
    // The people stay; only the organization went.
    expect(
      await database.db.selectFrom("user").select("id").where("id", "in", [ada.userId, max.userId]).execute(),
    ).toHaveLength(2);
    expect(mail.to(ada.email).at(-1)?.subject).toBe("Ada Ltd was deleted");
    const audit = await database.db
      .selectFrom("audit_events")
      .select("action")
      .where("organization_id", "=", ada.organizationId)
      .execute();
    expect(audit).toEqual([]);
  });

  it("deletes an account with the organizations only it used, and refuses while it owns one others use", async () => {
    const ada = await signUp("Ada");
    await signUp("Max", "manager", ada.organizationId);
    await expect(privacy.requestAccountDeletion(ada.actor)).rejects.toMatchObject({ code: "conflict" });
    expect((await privacy.getPrivacyOverview(ada.actor)).ownedSharedOrganizations).toEqual(["Ada Ltd"]);

    const solo = await signUp("Solo");
    await privacy.requestAccountDeletion(solo.actor);
    expect((await privacy.getPrivacyOverview(solo.actor)).accountDeletion).not.toBeNull();
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    await background.purge();
    expect(await database.db.selectFrom("user").select("id").where("id", "=", solo.userId).execute()).toEqual([]);
    expect(
      await database.db.selectFrom("organization").select("id").where("id", "=", solo.organizationId).execute(),
    ).toEqual([]);
    expect(mail.to(solo.email).at(-1)?.subject).toBe("Your Adhelm account was deleted");
  });
});
