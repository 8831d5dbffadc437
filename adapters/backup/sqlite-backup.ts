import { cp, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";

/** The database file and the uploads folder inside DATA_DIR (core/db, server/services.ts). */
export const DATABASE_FILE = "adhelm.db";
export const UPLOADS_FOLDER = "uploads";
const MANIFEST_FILE = "backup.json";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: string;
  /** Whether the uploads folder (avatars) was copied. */
  uploads: boolean;
}

/**
 * A consistent online copy of DATA_DIR's SQLite database and its uploads into a new folder
 * `<backupsDir>/adhelm-<timestamp>`. The server may be running and writing: SQLite's backup API
 * copies every page in one step under a read transaction, so the copy is the database at one
 * commit (WAL lets writers carry on meanwhile). The folder appears complete or not at all.
 */
export async function backupSqlite(options: { dataDir: string; backupsDir: string; now?: Date }): Promise<string> {
  const source = path.join(options.dataDir, DATABASE_FILE);
  await stat(source);
  const createdAt = options.now ?? new Date();
  const name = `adhelm-${createdAt
    .toISOString()
    .replaceAll(":", "-")
    .replace(/\.\d+Z$/, "Z")}`;
  const target = path.join(options.backupsDir, name);
  const partial = `${target}.partial`;
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const database = new DatabaseSync(source);
    try {
      // One step copies every page, so a write from another connection cannot restart the copy.
      await backup(database, path.join(partial, DATABASE_FILE), { rate: 2 ** 31 - 1 });
    } finally {
      database.close();
    }
    const uploads = path.join(options.dataDir, UPLOADS_FOLDER);
    const hasUploads = await exists(uploads);
    if (hasUploads) await cp(uploads, path.join(partial, UPLOADS_FOLDER), { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      database: DATABASE_FILE,
      uploads: hasUploads,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, target);
    return target;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts a backup folder back into DATA_DIR; the server must be stopped. The database is checked
 * (PRAGMA integrity_check) as a temporary file, then renamed over the old one, whose WAL and
 * shared-memory files go first (they belong to the old database). Uploads are swapped the same way.
 */
export async function restoreSqlite(options: { backupDir: string; dataDir: string }): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(options.backupDir, MANIFEST_FILE), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${options.backupDir} is not an Adhelm backup this version can read.`);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(options.dataDir, DATABASE_FILE);
  const temporary = `${target}.restoring`;
  await rm(temporary, { force: true });
  await cp(path.join(options.backupDir, manifest.database), temporary);
  const check = new DatabaseSync(temporary);
  try {
    const result = check.prepare("PRAGMA integrity_check").all();
    if (result.length !== 1 || result[0]?.integrity_check !== "ok")
      throw new Error(`The backup's database is damaged: ${JSON.stringify(result)}`);
  } finally {
    check.close();
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) await rm(`${target}${suffix}`, { force: true });
  await rename(temporary, target);

  const uploads = path.join(options.dataDir, UPLOADS_FOLDER);
  const incoming = `${uploads}.restoring`;
  const outgoing = `${uploads}.replaced`;
  await rm(incoming, { recursive: true, force: true });
  if (manifest.uploads) await cp(path.join(options.backupDir, UPLOADS_FOLDER), incoming, { recursive: true });
  else await mkdir(incoming, { mode: 0o700 });
  await rm(outgoing, { recursive: true, force: true });
  if (await exists(uploads)) await rename(uploads, outgoing);
  await rename(incoming, uploads);
  await rm(outgoing, { recursive: true, force: true });
  return manifest;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
