import type { AdPlatformId } from "#core/shared/platforms.ts";

/** What the editor offers to choose from: the rules module's getRuleEditorOptions. */
export type { RuleEditorOptions } from "#core/rules/rule-editor-options.ts";

/** A campaign in the scope's picker. */
export interface CampaignOption {
  id: string;
  name: string;
  platform: AdPlatformId;
  adAccountName: string;
}
