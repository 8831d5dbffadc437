// npm run rotate-key: re-seal every sealed value (platform tokens, webhook secrets, the VAPID key)
// under the current AUTH_SECRET.
//
//   OLD_AUTH_SECRET="$(cat old-secret)" npm run rotate-key            the old secret from the environment
//   npm run rotate-key -- --old-secret-file /path/to/old-secret       or from a file (never as an argument:
//                                                                    `ps` shows every process's arguments)
//
// The new secret is the one the server uses: AUTH_SECRET, read like `npm start` reads it (.env, then
// DATA_DIR/auth-secret outside production). Stop every server node first, run this, then start them
// with the new secret. Without an old secret, only values of earlier releases (v1) sealed under the
// current secret are upgraded. Prints counts and key ids (fingerprints), never a secret.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#core/db/database.ts";
import { rotateSealedTokens, TokenRotationError } from "#core/security/rotate-sealed-tokens.ts";
import { loadEnv } from "./load-env.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { "old-secret-file": { type: "string" }, help: { type: "boolean", short: "h" } },
  strict: true,
});
if (values.help) {
  console.log(
    "Usage: OLD_AUTH_SECRET=… npm run rotate-key, or npm run rotate-key -- --old-secret-file <file>.\nThe new secret is AUTH_SECRET (environment, .env or DATA_DIR/auth-secret).",
  );
  process.exit(0);
}

const oldSecretFile = values["old-secret-file"];
const fromEnvironment = process.env.OLD_AUTH_SECRET?.trim() || null;
if (oldSecretFile && fromEnvironment) fail("Give the old secret once: OLD_AUTH_SECRET or --old-secret-file, not both.");
let oldSecret = fromEnvironment;
if (oldSecretFile) {
  try {
    oldSecret = readFileSync(oldSecretFile, "utf8").trim();
  } catch (error) {
    fail(`Cannot read --old-secret-file ${oldSecretFile}: ${(error as NodeJS.ErrnoException).code ?? "error"}.`);
  }
  if (!oldSecret) fail(`--old-secret-file ${oldSecretFile} is empty.`);
}
// Kept out of the environment from here on: nothing below (or a child) needs to see it.
delete process.env.OLD_AUTH_SECRET;

const env = loadEnv();
const database = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.DATA_DIR, "adhelm.db") });
try {
  const report = await rotateSealedTokens(database.db, { oldSecret, newSecret: env.AUTH_SECRET });
  if (!oldSecret) console.log("No old secret given: upgrading values of earlier releases under AUTH_SECRET only.");
  console.log(`Database: ${database.location}`);
  console.log(`Key ids: old ${report.oldKeyId ?? "-"}, new ${report.newKeyId}`);
  console.log(
    `Re-sealed: ${report.accessTokens} access tokens, ${report.refreshTokens} refresh tokens, ${report.pendingStoreTokens} pending WooCommerce keys, ${report.webhookSecrets} webhook secrets, ${report.vapidKeys} Web Push (VAPID) keys (${report.fromV1} of them from the v1 format).`,
  );
  console.log(`Already under the new key, left as they were: ${report.alreadyCurrent}.`);
  if (report.clearedPendingStoreTokens > 0)
    console.log(
      `Cleared: ${report.clearedPendingStoreTokens} pending WooCommerce keys of used or expired connect attempts.`,
    );
  if (report.clearedWebhookSecrets > 0)
    console.log(
      `Cleared: ${report.clearedWebhookSecrets} previous webhook secrets whose 24 hours of overlap were over.`,
    );
} catch (error) {
  if (!(error instanceof TokenRotationError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
