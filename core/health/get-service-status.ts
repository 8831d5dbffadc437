import { findListing } from "#core/connections/platform-catalog.ts";
import type { HealthRepository } from "./health-repository.ts";

export interface ServiceStatus {
  /** The platforms of the organization that are not answering, by name, each since when. */
  platformOutages: Array<{ platform: string; name: string; since: string }>;
  /** How often a failing sync is tried again at the latest (the sync interval), in minutes. */
  retryMinutes: number;
}

/** What the app shell's banner tells the organization about its platforms: who is not answering. */
export async function getServiceStatus(
  deps: { health: HealthRepository; retryMinutes: number },
  organizationId: string,
): Promise<ServiceStatus> {
  const outages = await deps.health.listPlatformOutages(organizationId);
  return {
    platformOutages: outages.map((outage) => ({
      platform: outage.platform,
      name: findListing(outage.platform)?.name ?? outage.platform,
      since: outage.since.toISOString(),
    })),
    retryMinutes: deps.retryMinutes,
  };
}
