import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSecretColumn, ORGANIZATION_TABLES, ORGANIZATION_TABLES_LEFT_OUT } from "./export-tables.ts";

/** The tables of core/db/schema.ts that carry an organization_id, read from the schema's own text. */
function organizationTables(): string[] {
  const schema = readFileSync(new URL("../db/schema.ts", import.meta.url), "utf8");
  const interfaces = new Map<string, string>();
  for (const match of schema.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g))
    interfaces.set(match[1] as string, match[2] as string);
  const database = interfaces.get("Database") ?? "";
  return [...database.matchAll(/^\s+(\w+): (\w+);/gm)]
    .filter(([, , type]) => /^\s+organization_id: /m.test(interfaces.get(type as string) ?? ""))
    .map(([, table]) => table as string);
}

describe("the organization's data export", () => {
  it("covers every table that holds organization data, or says why it leaves one out", () => {
    const covered = new Set<string>([
      ...ORGANIZATION_TABLES.map((entry) => entry.table),
      ...Object.keys(ORGANIZATION_TABLES_LEFT_OUT),
    ]);
    const forgotten = organizationTables().filter((table) => !covered.has(table));
    expect(
      forgotten,
      "add these tables to ORGANIZATION_TABLES or ORGANIZATION_TABLES_LEFT_OUT in export-tables.ts",
    ).toEqual([]);
  });

  it("never writes a secret column", () => {
    for (const column of ["access_token_encrypted", "key_hash", "secret_encrypted", "token_hash", "p", "auth"])
      expect(isSecretColumn(column), column).toBe(true);
    for (const column of ["name", "spend_minor", "platform", "created_at"])
      expect(isSecretColumn(column), column).toBe(false);
  });
});
