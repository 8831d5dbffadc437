// npm run migrate: apply pending migrations and exit (start does this too).
import path from "node:path";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { loadEnv } from "./load-env.ts";

const env = loadEnv();
const database = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.DATA_DIR, "adhelm.db") });
try {
  const { applied } = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await database.close();
}
