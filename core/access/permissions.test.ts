import { describe, expect, it } from "vitest";
import { AppError } from "#core/errors/app-error.ts";
import { apiKeyActor, roleOf, systemActor, userActor } from "./actor.ts";
import { can, PERMISSIONS, permissionsOf, useCase } from "./permissions.ts";

const org = "org_1";
const owner = userActor({ userId: "u1", name: "Ada Owner", organizationId: org, role: "owner" });
const member = userActor({ userId: "u2", name: "Max Manager", organizationId: org, role: "manager" });
const analyst = userActor({ userId: "u4", name: "Ana Analyst", organizationId: org, role: "analyst" });
const viewer = userActor({ userId: "u5", name: "Vic Viewer", organizationId: org, role: "viewer" });
const readKey = apiKeyActor({
  apiKeyId: "k1",
  keyName: "Reporting",
  organizationId: org,
  scope: "read",
  creatorRole: "owner",
});
const writeKey = apiKeyActor({
  apiKeyId: "k2",
  keyName: "Scripts",
  organizationId: org,
  scope: "read_write",
  creatorRole: "owner",
});
const job = systemActor(org, { id: "sync", label: "Adhelm sync" });

describe("who may do what", () => {
  it("lets an owner do everything, and an admin everything but deleting or handing over the organization", () => {
    const admin = userActor({ userId: "u3", name: "Al", organizationId: org, role: "admin" });
    for (const permission of PERMISSIONS) {
      expect(can(owner, permission)).toBe(true);
      expect(can(admin, permission)).toBe(permission !== "organization.own");
    }
  });

  it("lets a manager work campaigns, budgets, rules, the optimizer, integrations and keys, but not the team or billing", () => {
    for (const permission of [
      "campaigns.change",
      "budgets.manage",
      "goals.manage",
      "rules.manage",
      "rules.run",
      "optimizer.apply",
      "connections.manage",
      "connections.sync",
      "api_keys.manage",
      "webhooks.manage",
    ] as const)
      expect(can(member, permission), permission).toBe(true);
    for (const permission of ["members.manage", "billing.manage", "organization.manage", "audit.read"] as const)
      expect(can(member, permission), permission).toBe(false);
  });

  it("lets an analyst read, export and draft rules in preview, and apply nothing", () => {
    expect(can(analyst, "workspace.read")).toBe(true);
    expect(can(analyst, "campaigns.export")).toBe(true);
    expect(can(analyst, "rules.draft")).toBe(true);
    for (const permission of [
      "campaigns.change",
      "rules.manage",
      "rules.run",
      "optimizer.apply",
      "budgets.manage",
    ] as const)
      expect(can(analyst, permission), permission).toBe(false);
  });

  it("lets a viewer only read", () => {
    expect(permissionsOf(viewer)).toEqual(["workspace.read", "self.manage"]);
  });

  it("treats an unknown stored role as the least privileged one", () => {
    expect(roleOf("superuser")).toBe("viewer");
    expect(roleOf(null)).toBe("viewer");
  });

  it("gives a key at most what its creator may do now, and nothing once the creator has left", () => {
    const analystsKey = apiKeyActor({
      apiKeyId: "k3",
      keyName: "A",
      organizationId: org,
      scope: "read_write",
      creatorRole: "analyst",
    });
    expect(can(analystsKey, "campaigns.export")).toBe(true);
    expect(can(analystsKey, "campaigns.change")).toBe(false);
    const orphan = apiKeyActor({ apiKeyId: "k4", keyName: "B", organizationId: org, scope: "read", creatorRole: null });
    expect(can(orphan, "workspace.read")).toBe(false);
  });

  it("lets a read-only key read and export, and a read-write key change campaigns", () => {
    expect(can(readKey, "workspace.read")).toBe(true);
    expect(can(readKey, "campaigns.change")).toBe(false);
    expect(can(writeKey, "campaigns.change")).toBe(true);
    expect(can(writeKey, "connections.manage")).toBe(false);
    expect(can(writeKey, "api_keys.manage")).toBe(false);
  });

  it("lets Adhelm's own jobs work campaigns and connections, not people or keys", () => {
    expect(can(job, "connections.sync")).toBe(true);
    expect(can(job, "api_keys.manage")).toBe(false);
    expect(can(job, "self.manage")).toBe(false);
  });
});

describe("a use case", () => {
  it("runs its body only for an actor who may, and refuses anyone else with 403", async () => {
    let runs = 0;
    const revoke = useCase("api_keys.manage", async (actor, id: string) => {
      runs++;
      return `${actor.organizationId}:${id}`;
    });
    expect(revoke.permission).toBe("api_keys.manage");
    await expect(revoke(owner, "k1")).resolves.toBe("org_1:k1");
    const refused = await revoke(analyst, "k1").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    expect((refused as AppError).message).toBe("Your role in this organization does not allow this.");
    expect(runs).toBe(1);
  });

  it("tells an API key with the wrong scope what key it needs", async () => {
    const pause = useCase("campaigns.change", async () => "paused");
    await expect(pause(readKey)).rejects.toThrow(
      "This API key is read-only. Use a key with read and write access to change campaigns.",
    );
    await expect(pause(writeKey)).resolves.toBe("paused");
  });
});
