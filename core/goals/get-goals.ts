import type { ConnectionRepository } from "#core/connections/connection-repository.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import type { Goal, GoalRepository } from "./goal-repository.ts";

export interface GoalSettings {
  /** The organization's goal first, then one per ad platform that has one. */
  goals: Goal[];
  /** The ad platforms the organization has connected (not disconnected), in catalogue order. */
  connectedPlatforms: AdPlatformId[];
}

/** What the goals form opens with: the saved goals and which platforms are connected. */
export async function getGoals(
  deps: { goals: GoalRepository; connections: Pick<ConnectionRepository, "listForOrganization"> },
  organizationId: string,
): Promise<GoalSettings> {
  const [goals, connections] = await Promise.all([
    deps.goals.list(organizationId),
    deps.connections.listForOrganization(organizationId),
  ]);
  const live = new Set(connections.filter((connection) => connection.status !== "disconnected").map((c) => c.platform));
  return { goals, connectedPlatforms: AD_PLATFORM_IDS.filter((platform) => live.has(platform)) };
}
