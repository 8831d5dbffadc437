import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

export interface NewJobApplication {
  id: string;
  positionSlug: string;
  name: string;
  email: string;
  link: string;
  message: string;
  createdAt: Date;
}

export interface JobApplicationRepository {
  create(application: NewJobApplication): Promise<void>;
}

export function createJobApplicationRepository(db: Kysely<Database>): JobApplicationRepository {
  return {
    async create({ id, positionSlug, name, email, link, message, createdAt }) {
      await db
        .insertInto("job_applications")
        .values({ id, position_slug: positionSlug, name, email, link, message, created_at: createdAt })
        .execute();
    },
  };
}
