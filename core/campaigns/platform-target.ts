/**
 * Where a campaign change goes: a connection of the actor's organization with its connector and a
 * platform session open on it. The connections slice opens it (`openAdPlatform`); a batch shares
 * one per connection.
 */
import type { Actor } from "#core/access/actor.ts";
import type { AdPlatformTarget } from "#core/connections/platform-access.ts";
import type { ExternalAdAccount } from "#core/shared/connector-port.ts";
import type { AdAccountForChange } from "./campaign-repository.ts";

export type PlatformTarget = AdPlatformTarget;

/** Opens a platform on one of the actor's organization's connections; a conflict ("not connected") when it cannot. */
export type OpenAdPlatform = (actor: Actor, connectionId: string) => Promise<PlatformTarget>;

/** Our ad account as the connector port names it. */
export function toExternalAccount(account: AdAccountForChange): ExternalAdAccount {
  return {
    externalId: account.externalId,
    name: account.name,
    currency: account.currency,
    timeZone: account.timeZone,
    context: account.context,
  };
}
