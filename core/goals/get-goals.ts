import type { Actor } from "#core/access/actor.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import type { Goal, GoalRepository } from "./goal-repository.ts";

export interface GoalSettings {
  /** The organization's goal first, then one per ad platform that has one. */
  goals: Goal[];
  /** The ad platforms the organization has connected (not disconnected), in catalogue order. */
  connectedPlatforms: AdPlatformId[];
}

/**
 * The connections slice's integrations screen, as the goals form reads it: each platform of the
 * catalogue with its live connection (null when it has none, or it was disconnected).
 */
export type ListIntegrations = (
  actor: Actor,
) => Promise<ReadonlyArray<{ listing: { id: string }; connection: { status: string } | null }>>;

/** What the goals form opens with: the saved goals and which platforms are connected. */
export async function getGoals(
  deps: { goals: GoalRepository; listIntegrations: ListIntegrations },
  actor: Actor,
): Promise<GoalSettings> {
  const [goals, cards] = await Promise.all([deps.goals.list(actor.organizationId), deps.listIntegrations(actor)]);
  const live = new Set(
    cards.filter((card) => card.connection && card.connection.status !== "disconnected").map((card) => card.listing.id),
  );
  return { goals, connectedPlatforms: AD_PLATFORM_IDS.filter((platform) => live.has(platform)) };
}
