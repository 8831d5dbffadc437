import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { getOnboardingProgress } from "./get-onboarding-progress.ts";
import { createOnboardingRepository } from "./onboarding-repository.ts";

/** Getting started: the six setup steps of a person in their organization. */
export function createOnboardingModule({ db }: { db: Kysely<Database> }) {
  const onboarding = createOnboardingRepository(db);
  return {
    /** How far the actor has got with setting up their organization (the page and the sidebar's badge). */
    getOnboardingProgress: useCase("workspace.read", (actor) =>
      getOnboardingProgress({ onboarding }, { userId: actor.id, organizationId: actor.organizationId }),
    ),
  };
}

export type OnboardingModule = ReturnType<typeof createOnboardingModule>;
