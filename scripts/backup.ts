// npm run backup [-- <folder>]: a consistent copy of the SQLite database and uploads, online.
import path from "node:path";
import { backupSqlite } from "#adapters/backup/sqlite-backup.ts";
import { printPostgresHelp } from "./backup-common.ts";
import { loadEnv } from "./load-env.ts";

const env = loadEnv();
if (env.DATABASE_URL) {
  printPostgresHelp("backup");
  process.exit(2);
}
const backupsDir = process.argv[2] ?? path.join(env.DATA_DIR, "backups");
const folder = await backupSqlite({ dataDir: env.DATA_DIR, backupsDir });
console.log(`Backup written to ${folder}`);
