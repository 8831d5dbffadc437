import type { Actor } from "#core/access/actor.ts";
import type { ConversionsRepository } from "./conversions-repository.ts";
import type { ConversionPlatformView, ConversionSettingsView } from "./conversions-types.ts";

/**
 * The conversion settings of the actor's organization: per connected ad platform its actions (the
 * platform's choice, the organization's, attribution windows, the last 30 days' counts), and the
 * revenue truth. `today` is the ads clock's date; the counts cover the 30 days to it.
 */
export async function listConversionActions(
  deps: { conversions: ConversionsRepository },
  actor: Actor,
  input: { range: { from: string; to: string } },
): Promise<ConversionSettingsView> {
  const organizationId = actor.organizationId;
  const [connected, actions, revenueTruth] = await Promise.all([
    deps.conversions.connectedPlatforms(organizationId),
    deps.conversions.listActions(organizationId, input.range),
    deps.conversions.getRevenueTruth(organizationId),
  ]);
  const platforms: ConversionPlatformView[] = connected.platforms.map((platform) => {
    const override = revenueTruth.overrides[platform];
    return {
      platform,
      actions: actions.filter((action) => action.platform === platform).map(({ platform: _, ...action }) => action),
      revenueTruth: override ?? revenueTruth.defaultSource,
      hasOverride: override !== undefined,
    };
  });
  return { platforms, revenueTruth, hasStore: connected.hasStore, range: input.range };
}
