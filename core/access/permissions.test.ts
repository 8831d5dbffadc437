import { describe, expect, it } from "vitest";
import { AppError } from "#core/errors/app-error.ts";
import { apiKeyActor, roleOf, systemActor, userActor } from "./actor.ts";
import { can, PERMISSIONS, useCase } from "./permissions.ts";

const org = "org_1";
const owner = userActor({ userId: "u1", name: "Ada Owner", organizationId: org, role: "owner" });
const member = userActor({ userId: "u2", name: "Max Member", organizationId: org, role: "member" });
const readKey = apiKeyActor({ apiKeyId: "k1", keyName: "Reporting", organizationId: org, scope: "read" });
const writeKey = apiKeyActor({ apiKeyId: "k2", keyName: "Scripts", organizationId: org, scope: "read_write" });
const job = systemActor(org, { id: "sync", label: "Adhelm sync" });

describe("who may do what", () => {
  it("lets an owner and an admin do everything", () => {
    const admin = userActor({ userId: "u3", name: "Al", organizationId: org, role: "admin" });
    for (const permission of PERMISSIONS) {
      expect(can(owner, permission)).toBe(true);
      expect(can(admin, permission)).toBe(true);
    }
  });

  it("lets a member work campaigns but not wire the organization", () => {
    expect(can(member, "campaigns.change")).toBe(true);
    expect(can(member, "connections.sync")).toBe(true);
    expect(can(member, "connections.manage")).toBe(false);
    expect(can(member, "api_keys.manage")).toBe(false);
    expect(can(member, "goals.manage")).toBe(false);
    // A member may run the team's rules, but setting up what runs on its own is an admin's.
    expect(can(member, "rules.run")).toBe(true);
    expect(can(member, "rules.manage")).toBe(false);
  });

  it("treats an unknown stored role as the least privileged one", () => {
    expect(roleOf("superuser")).toBe("member");
    expect(roleOf(null)).toBe("member");
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
    const refused = await revoke(member, "k1").catch((error: unknown) => error);
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
