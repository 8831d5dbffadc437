import type { CampaignRepository } from "./campaign-repository.ts";
import type { ChangeLogRepository } from "./change-log-repository.ts";
import type { OpenAdPlatform } from "./platform-target.ts";

/** What the campaign use cases work with inside the slice; the campaigns module wires it. */
export interface CampaignChangeDependencies {
  campaigns: CampaignRepository;
  changeLog: ChangeLogRepository;
  /** The connections slice's way onto an ad platform (fresh tokens, the retry policy of changes). */
  openAdPlatform: OpenAdPlatform;
}
