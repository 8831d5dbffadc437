/**
 * What every connector folder describes about itself. The interfaces connectors implement (the
 * connector port) and the platform ids live in core: `core/shared/connector-port.ts` and
 * `core/shared/platforms.ts`.
 */

import type { PlatformId } from "#core/shared/platforms.ts";

/**
 * Each connector folder's `metadata.ts` exports one of these: where the platform lives, live and
 * in the sandbox. The URL names are the ones its `ConnectorConfig.urls` carries.
 */
export interface ConnectorMetadata {
  platform: PlatformId;
  /** The platform's real endpoints. */
  liveUrls: Record<string, string>;
  /** The same endpoints in the built-in sandbox, under `sandboxRoot` (e.g. http://localhost:3000/sandbox). */
  sandboxUrls(sandboxRoot: string): Record<string, string>;
  /** Environment variables holding the live app credentials, read by the connector registry. */
  liveCredentialVariables: { clientId: string; clientSecret: string; developerToken?: string };
  /** Ad platforms: the smallest campaign daily budget the platform accepts, in whole units of the account currency. */
  minimumDailyBudgetUnits?: number;
}
