// npm run restore -- <backup folder>: puts a backup back into DATA_DIR, with the server stopped.
import { restoreSqlite } from "#adapters/backup/sqlite-backup.ts";
import { isServerListening, printPostgresHelp } from "./backup-common.ts";
import { loadEnv } from "./load-env.ts";

const env = loadEnv();
if (env.DATABASE_URL) {
  printPostgresHelp("restore");
  process.exit(2);
}
const backupDir = process.argv[2];
if (!backupDir) {
  console.error("Usage: npm run restore -- <backup folder> (one made by npm run backup)");
  process.exit(2);
}
if (await isServerListening(env)) {
  console.error(`Something answers on ${env.HOST}:${env.PORT}: stop the server before restoring.`);
  process.exit(1);
}
const manifest = await restoreSqlite({ backupDir, dataDir: env.DATA_DIR });
console.log(`Restored the backup of ${manifest.createdAt} into ${env.DATA_DIR}. Start the server.`);
