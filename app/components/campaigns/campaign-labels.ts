/**
 * How platforms, statuses and change actions read in the table and the change log: platform names
 * stay names; statuses and actions are catalog keys of the "campaigns" namespace, translated where
 * they are shown. (The CSV exports take their English words from core's campaign-status-labels.ts.)
 */

import { PLATFORM_CATALOG, type PlatformListing } from "#core/connections/platform-catalog.ts";
import type { CampaignStatus, ChangeAction } from "#core/shared/domain-enums.ts";

export function platformListingOf(platform: string): PlatformListing | undefined {
  return PLATFORM_CATALOG.find((listing) => listing.id === platform);
}

export function platformNameOf(platform: string): string {
  return platformListingOf(platform)?.name ?? platform;
}

export const STATUS_KEYS = {
  enabled: "status.enabled",
  paused: "status.paused",
  removed: "status.removed",
} as const satisfies Record<CampaignStatus, string>;

export const ACTION_KEYS = {
  create: "changeActions.create",
  pause: "changeActions.pause",
  enable: "changeActions.enable",
  set_budget: "changeActions.set_budget",
  rename: "changeActions.rename",
  update: "changeActions.update",
} as const satisfies Record<ChangeAction, string>;

/** The title of an entry that undid a change of this action ("Undo: daily budget"). */
export const UNDO_ACTION_KEYS = {
  create: "undoActions.create",
  pause: "undoActions.pause",
  enable: "undoActions.enable",
  set_budget: "undoActions.set_budget",
  rename: "undoActions.rename",
  update: "undoActions.update",
} as const satisfies Record<ChangeAction, string>;
