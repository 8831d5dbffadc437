import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { backupSqlite, restoreSqlite } from "./sqlite-backup.ts";

const BATCH = 10;
let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function freshRoot(): string {
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  root = mkdtempSync(path.join(TEST_DATA_DIR, "backup-"));
  return root;
}

/** A DATA_DIR like the server's: a WAL database with some bulk, and an uploaded avatar. */
function dataDirWithContent(dataDir: string): DatabaseSync {
  mkdirSync(path.join(dataDir, "uploads", "avatars"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "avatars", "ada.webp"), "avatar bytes");
  const db = new DatabaseSync(path.join(dataDir, "adhelm.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
  db.exec("CREATE TABLE filler (body TEXT); CREATE TABLE batches (batch INTEGER, position INTEGER, note TEXT)");
  const fill = db.prepare("INSERT INTO filler VALUES (?)");
  db.exec("BEGIN");
  for (let row = 0; row < 4_000; row += 1) fill.run("x".repeat(1_000));
  db.exec("COMMIT");
  return db;
}

describe("SQLite backup and restore", () => {
  it("copies a database being written (whole transactions only) and its uploads, and restores it", async () => {
    const base = freshRoot();
    const dataDir = path.join(base, "data");
    const writer = dataDirWithContent(dataDir);
    const insert = writer.prepare("INSERT INTO batches VALUES (?, ?, ?)");
    let batch = 0;
    const writeBatch = () => {
      batch += 1;
      writer.exec("BEGIN");
      for (let position = 0; position < BATCH; position += 1) insert.run(batch, position, `row ${batch}.${position}`);
      writer.exec("COMMIT");
    };
    for (let i = 0; i < 5; i += 1) writeBatch();

    // Another connection keeps committing batches of rows while the copy runs.
    let isCopying = true;
    const writing = new Promise<void>((resolve) => {
      const loop = () => {
        if (!isCopying) return resolve();
        writeBatch();
        setImmediate(loop);
      };
      setImmediate(loop);
    });
    const folder = await backupSqlite({ dataDir, backupsDir: path.join(base, "backups") }).finally(() => {
      isCopying = false;
    });
    await writing;
    writeBatch();
    const writtenBatches = batch;
    writer.close();

    expect(path.basename(folder)).toMatch(/^adhelm-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(existsSync(`${folder}.partial`)).toBe(false);

    const restoredDir = path.join(base, "restored");
    mkdirSync(path.join(restoredDir, "uploads"), { recursive: true });
    writeFileSync(path.join(restoredDir, "uploads", "stale.webp"), "not in the backup");
    writeFileSync(path.join(restoredDir, "adhelm.db-wal"), "a stale WAL of another database");
    await restoreSqlite({ backupDir: folder, dataDir: restoredDir });

    const restored = new DatabaseSync(path.join(restoredDir, "adhelm.db"));
    expect(restored.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    const rows = restored.prepare("SELECT batch, position FROM batches ORDER BY batch, position").all() as Array<{
      batch: number;
      position: number;
    }>;
    // The copy is the database at one commit: batches 1..k, each whole, none of the later ones.
    expect(rows.length % BATCH).toBe(0);
    expect(rows.length).toBeGreaterThanOrEqual(5 * BATCH);
    const copiedBatches = rows.length / BATCH;
    expect(copiedBatches).toBeLessThan(writtenBatches);
    expect(rows).toEqual(
      Array.from({ length: rows.length }, (_, index) => ({
        batch: Math.floor(index / BATCH) + 1,
        position: index % BATCH,
      })),
    );
    expect(restored.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 4_000 });
    restored.close();
    expect(readFileSync(path.join(restoredDir, "uploads", "avatars", "ada.webp"), "utf8")).toBe("avatar bytes");
    expect(existsSync(path.join(restoredDir, "uploads", "stale.webp"))).toBe(false);
    expect(existsSync(path.join(restoredDir, "adhelm.db.restoring"))).toBe(false);
  });

  it("refuses to restore a damaged database and leaves the current one in place", async () => {
    const base = freshRoot();
    const dataDir = path.join(base, "data");
    dataDirWithContent(dataDir).close();
    const folder = await backupSqlite({ dataDir, backupsDir: path.join(base, "backups") });
    writeFileSync(
      path.join(folder, "adhelm.db"),
      "not a database at all, but long enough to look like one".repeat(200),
    );
    const before = readFileSync(path.join(dataDir, "adhelm.db"));
    await expect(restoreSqlite({ backupDir: folder, dataDir })).rejects.toThrow();
    expect(readFileSync(path.join(dataDir, "adhelm.db")).equals(before)).toBe(true);
  });
});

describe("npm run backup / restore", () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [path.resolve("scripts", script), ...args], {
      env: { ...process.env, DATABASE_URL: "", ...env },
      encoding: "utf8",
    });

  it("with PostgreSQL, point at pg_dump and pg_restore and fail", () => {
    const dataDir = freshRoot();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "postgres://someone@db.example/adhelm" };
    const backup = run("backup.ts", [], env);
    expect(backup.status).not.toBe(0);
    expect(backup.stderr).toContain("pg_dump");
    const restore = run("restore.ts", ["somewhere"], env);
    expect(restore.status).not.toBe(0);
    expect(restore.stderr).toContain("pg_restore");
  });

  it("make a backup, and refuse to restore while something answers on the server's port", async () => {
    const base = freshRoot();
    const dataDir = path.join(base, "data");
    dataDirWithContent(dataDir).close();
    const made = run("backup.ts", [path.join(base, "backups")], { DATA_DIR: dataDir });
    expect(made.status).toBe(0);
    const folder = /Backup written to (.+)$/m.exec(made.stdout)?.[1] ?? "";
    expect(existsSync(path.join(folder, "adhelm.db"))).toBe(true);

    const server: Server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const refused = run("restore.ts", [folder], { DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port) });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("stop the server");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const restored = run("restore.ts", [folder], { DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port) });
    expect(restored.status).toBe(0);
  });
});
