/**
 * Settings → Audit log through its module: entries recorded by the slices, read back a page at a
 * time with each filter, only in their own organization, only by admins and the owner, and as CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, apiKeyActor, type Role, systemActor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { type AuditLog, createAuditLog } from "./audit-log.ts";
import { type AuditModule, createAuditModule } from "./audit-module.ts";
import { AUDIT_PAGE_SIZE } from "./audit-schemas.ts";
import { AUDIT_CSV_COLUMNS } from "./export-audit-events.ts";

let database: DatabaseHandle;
let audit: AuditModule;
let log: AuditLog;
beforeAll(async () => {
  database = await createTestDatabase();
  audit = createAuditModule({ db: database.db });
  log = createAuditLog(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newOrganization(name = "Ada", timeZone = "UTC") {
  const viewer = await createViewer(database.db, name);
  await database.db
    .updateTable("organization")
    .set({ time_zone: timeZone })
    .where("id", "=", viewer.organizationId)
    .execute();
  const as = (role: Role, label = name): Actor =>
    userActor({ userId: viewer.userId, name: label, organizationId: viewer.organizationId, role });
  return { ...viewer, as, owner: as("owner") };
}

async function csvOf(actor: Actor, filter: Record<string, string> = {}) {
  const file = await audit.exportAuditEvents(actor, { filter });
  return { filename: file.filename, text: await new Response(file.body).text() };
}

describe("the audit log", () => {
  it("lists what was recorded, newest first, with who, what, the target, the details and the address", async () => {
    const { owner } = await newOrganization();
    await log.record(owner, {
      action: "member.role_changed",
      target: { type: "member", id: "m1", label: "Max" },
      details: { from: "analyst", to: "manager" },
      ipAddress: "203.0.113.7",
      at: new Date("2026-03-01T10:00:00Z"),
    });
    await log.record(owner, {
      action: "api_key.created",
      target: { type: "api_key", id: "k1", label: "Reporting" },
      at: new Date("2026-03-02T10:00:00Z"),
    });
    const page = await audit.listAuditEvents(owner, {});
    expect(page.events.map((event) => event.action)).toEqual(["api_key.created", "member.role_changed"]);
    expect(page.events[1]).toMatchObject({
      at: "2026-03-01T10:00:00.000Z",
      actor: { kind: "user", id: owner.id, label: "Ada" },
      target: { type: "member", id: "m1", label: "Max" },
      details: { from: "analyst", to: "manager" },
      ipAddress: "203.0.113.7",
    });
    expect(page.nextCursor).toBeNull();
  });

  it("filters by area, by action, by who acted, by dates in the organization's time zone and by text", async () => {
    const { owner, organizationId } = await newOrganization("Ada", "America/New_York");
    const key = apiKeyActor({
      apiKeyId: "key-1",
      keyName: "Scripts",
      organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    const sync = systemActor(organizationId, { id: "sync", label: "Adhelm sync" });
    await log.record(owner, {
      action: "member.invited",
      target: { type: "invitation", id: "i1", label: "bea@example.test" },
      at: new Date("2026-03-01T04:30:00Z"),
    });
    await log.record(owner, {
      action: "member.removed",
      target: { type: "member", id: "m2", label: "Carl" },
      at: new Date("2026-03-01T05:30:00Z"),
    });
    await log.record(key, {
      action: "rule.created",
      target: { type: "rule", id: "r1", label: "Pause 100% losers" },
      at: new Date("2026-03-02T12:00:00Z"),
    });
    await log.record(sync, {
      action: "connection.created",
      target: { type: "connection", id: "c1", label: "Google Ads" },
      at: new Date("2026-03-03T12:00:00Z"),
    });

    const actions = async (filter: Record<string, string>) =>
      (await audit.listAuditEvents(owner, { filter })).events.map((event) => event.action);
    expect(await actions({ action: "member" })).toEqual(["member.removed", "member.invited"]);
    expect(await actions({ action: "member.removed" })).toEqual(["member.removed"]);
    expect(await actions({ actor: "api_key:key-1" })).toEqual(["rule.created"]);
    expect(await actions({ actor: `user:${owner.id}` })).toEqual(["member.removed", "member.invited"]);
    expect(await actions({ actor: "system" })).toEqual(["connection.created"]);
    // 04:30 UTC is still February 28th in New York; 05:30 UTC is March 1st there.
    expect(await actions({ from: "2026-03-01", to: "2026-03-01" })).toEqual(["member.removed"]);
    expect(await actions({ to: "2026-02-28" })).toEqual(["member.invited"]);
    expect(await actions({ from: "2026-03-02" })).toEqual(["connection.created", "rule.created"]);
    expect(await actions({ q: "CARL" })).toEqual(["member.removed"]);
    expect(await actions({ q: "100%" })).toEqual(["rule.created"]);
    expect(await actions({ q: "scripts" })).toEqual(["rule.created"]);
    expect(await actions({ q: "nobody" })).toEqual([]);

    const people = await audit.listAuditActors(owner);
    expect(people).toEqual([
      { kind: "user", id: owner.id, label: "Ada" },
      { kind: "system", id: "sync", label: "Adhelm sync" },
      { kind: "api_key", id: "key-1", label: "API key “Scripts”" },
    ]);
  });

  it("refuses filters that are not in its lists, with field errors", async () => {
    const { owner } = await newOrganization();
    const refused = await refusalOf(
      audit.listAuditEvents(owner, { filter: { action: "member.danced", from: "2026-02-30", actor: "x" } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.details?.fieldErrors).toEqual({
      action: "Choose an area or an action from the list.",
      from: "Enter a date as YYYY-MM-DD.",
      actor: "Choose a person or a key from the list.",
    });
    const backwards = await refusalOf(
      audit.listAuditEvents(owner, { filter: { from: "2026-03-02", to: "2026-03-01" } }),
    );
    expect(backwards.details?.fieldErrors).toEqual({ to: "The start date must be on or before the end date." });
    expect((await refusalOf(audit.listAuditEvents(owner, { cursor: "nonsense" }))).status).toBe(400);
  });

  it("reads the log 50 entries a page, newest first, without skipping entries that share an instant", async () => {
    const { owner } = await newOrganization();
    const at = new Date("2026-04-01T08:00:00Z");
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index++)
      await log.record(owner, {
        action: "rule.updated",
        target: { type: "rule", id: `r${index}`, label: `Rule ${index}` },
        at: index < 10 ? at : new Date(at.getTime() + index * 1000),
      });
    const first = await audit.listAuditEvents(owner, {});
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await audit.listAuditEvents(owner, { cursor: first.nextCursor });
    expect(second.events).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.events, ...second.events].map((event) => event.target?.id);
    expect(new Set(ids).size).toBe(AUDIT_PAGE_SIZE + 5);
    expect(first.events[0]?.target?.id).toBe(`r${AUDIT_PAGE_SIZE + 4}`);
  });

  it("never shows one organization's entries to another", async () => {
    const a = await newOrganization("Ada");
    const b = await newOrganization("Bea");
    await log.record(a.owner, {
      action: "api_key.created",
      target: { type: "api_key", id: "k", label: "Secret plans" },
    });
    expect((await audit.listAuditEvents(b.owner, {})).events).toEqual([]);
    expect((await audit.listAuditEvents(b.owner, { filter: { q: "secret" } })).events).toEqual([]);
    expect(await audit.listAuditActors(b.owner)).toEqual([]);
    expect((await csvOf(b.owner)).text).not.toContain("Secret plans");
  });

  it.each(["manager", "analyst", "viewer"] as const)("refuses a %s the log and its CSV (403)", async (role) => {
    const { owner, as } = await newOrganization();
    await log.record(owner, { action: "member.invited" });
    for (const work of [
      audit.listAuditEvents(as(role), {}),
      audit.listAuditActors(as(role)),
      audit.exportAuditEvents(as(role), {}),
    ])
      expect((await refusalOf(work)).status).toBe(403);
    // The refused export left no trace.
    expect((await audit.listAuditEvents(owner, {})).events.map((event) => event.action)).toEqual(["member.invited"]);
  });

  it("lets an admin read it", async () => {
    const { owner, as } = await newOrganization();
    await log.record(owner, { action: "member.invited" });
    expect((await audit.listAuditEvents(as("admin"), {})).events).toHaveLength(1);
  });

  it("exports the filtered log as CSV and records the export", async () => {
    const { owner } = await newOrganization();
    await log.record(owner, {
      action: "member.role_changed",
      target: { type: "member", id: "m1", label: 'Max, "the analyst"' },
      details: { from: "analyst", to: "manager" },
      ipAddress: "203.0.113.7",
      at: new Date("2026-03-01T10:00:00Z"),
    });
    await log.record(owner, {
      action: "api_key.created",
      target: { type: "api_key", id: "k", label: "=cmd" },
      at: new Date("2026-03-01T11:00:00Z"),
    });
    await log.record(owner, { action: "rule.created", at: new Date("2026-03-01T12:00:00Z") });

    const { filename, text } = await csvOf(owner, { action: "member" });
    expect(filename).toMatch(/^adhelm-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split("\r\n")).toEqual([
      AUDIT_CSV_COLUMNS.join(","),
      `2026-03-01T10:00:00.000Z,Ada,user,member.role_changed,member,"Max, ""the analyst""","{""from"":""analyst"",""to"":""manager""}",203.0.113.7`,
      "",
    ]);
    // A formula in a name stays text.
    expect((await csvOf(owner, { action: "api_key" })).text).toContain(",'=cmd,");

    const logged = await audit.listAuditEvents(owner, { filter: { action: "export.downloaded" } });
    expect(logged.events).toHaveLength(2);
    expect(logged.events[1]).toMatchObject({
      actor: { label: "Ada" },
      target: { type: "export", id: "audit-log.csv", label: filename },
      details: { filters: { action: "member" } },
    });
  });
});
