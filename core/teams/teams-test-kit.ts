/**
 * A team to test with: an organization's owner, the module over a recording mailer and a clock
 * the test moves, and people to add with a role.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type Actor, type Role, userActor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer, linkInText } from "#tests/support/recording-mailer.ts";
import { createTeamsModule } from "./teams-module.ts";

export const APP_URL = "https://adhelm.test";

export function createTeamsHarness(db: Kysely<Database>) {
  const clock = { now: new Date("2026-03-02T09:00:00Z") };
  const outbox = createRecordingMailer();
  const teams = createTeamsModule({ db, mailer: outbox.mailer, appUrl: APP_URL, now: () => clock.now });

  async function newUser(name: string, email = `${randomUUID()}@example.test`) {
    const id = randomUUID();
    await db.insertInto("user").values({ id, name, email, emailVerified: true }).execute();
    return { id, name, email };
  }

  /** An organization with its owner; `join` adds someone with a role. */
  async function newTeam() {
    const viewer = await createViewer(db, "Ada");
    const owner = userActor({
      userId: viewer.userId,
      name: "Ada",
      organizationId: viewer.organizationId,
      role: "owner",
    });
    async function join(name: string, role: Role): Promise<Actor & { kind: "user" }> {
      const user = await newUser(name);
      await db
        .insertInto("member")
        .values({
          id: randomUUID(),
          organizationId: viewer.organizationId,
          userId: user.id,
          role,
          createdAt: new Date(),
        })
        .execute();
      return userActor({ userId: user.id, name, organizationId: viewer.organizationId, role }) as Actor & {
        kind: "user";
      };
    }
    return { owner, organizationId: viewer.organizationId, join };
  }

  /** The token of the last invitation mailed to `email`. */
  function tokenMailedTo(email: string): string {
    const mails = outbox.to(email);
    const link = linkInText(mails.at(-1), `${APP_URL}/invitations/`);
    return link.slice(`${APP_URL}/invitations/`.length);
  }

  async function memberIdOf(organizationId: string, userId: string): Promise<string> {
    const row = await db
      .selectFrom("member")
      .select("id")
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return { clock, outbox, teams, newUser, newTeam, tokenMailedTo, memberIdOf };
}

export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}
