import { connect } from "node:net";
import type { Env } from "#core/config/env.ts";

/** With PostgreSQL, its own tools make and restore consistent copies. */
export function printPostgresHelp(command: "backup" | "restore"): void {
  const lines =
    command === "backup"
      ? [
          "DATABASE_URL is set: Adhelm's data is in PostgreSQL. Back it up with pg_dump, for example:",
          '  pg_dump --format=custom --file=adhelm-$(date +%F).dump "$DATABASE_URL"',
          "and copy DATA_DIR/uploads (avatars) alongside it.",
        ]
      : [
          "DATABASE_URL is set: Adhelm's data is in PostgreSQL. With the server stopped, restore with pg_restore:",
          '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" adhelm-YYYY-MM-DD.dump',
          "and put the saved uploads folder back into DATA_DIR/uploads.",
        ];
  console.error(lines.join("\n"));
}

/** Whether something answers on the server's HOST:PORT (a running Adhelm). */
export function isServerListening(env: Env): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: env.HOST, port: env.PORT });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}
