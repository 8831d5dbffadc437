import type { Generated } from "kysely";

/**
 * The sandbox's own tables (created by the host's migrations 0006, 0007 and 0012). The host passes a
 * Kysely instance over its database; the sandbox reads and writes only these.
 */
export interface SandboxDatabase {
  sandbox_settings: SandboxSettingTable;
  sandbox_campaign_changes: SandboxCampaignChangeTable;
  sandbox_faults: SandboxFaultTable;
  sandbox_created_campaigns: SandboxCreatedCampaignTable;
  sandbox_anomalies: SandboxAnomalyTable;
}

export interface SandboxSettingTable {
  key: string;
  value: string;
}

export interface SandboxCampaignChangeTable {
  id: string;
  tenant: string;
  platform: string;
  campaign_id: string;
  effective_date: string;
  status: string | null;
  daily_budget_minor: number | null;
  name: string | null;
  created_at: string;
}

export interface SandboxCreatedCampaignTable {
  id: string;
  tenant: string;
  platform: string;
  account_external_id: string;
  external_id: string;
  name: string;
  status: string;
  daily_budget_minor: number;
  created_on: string;
  created_at: string;
}

export interface SandboxFaultTable {
  id: string;
  tenant: string | null;
  platform: string | null;
  kind: string;
  probability: Generated<number>;
  remaining: number | null;
  delay_ms: Generated<number>;
  created_at: string;
}

export interface SandboxAnomalyTable {
  id: string;
  tenant: string | null;
  platform: string | null;
  campaign_external_id: string | null;
  /** spend_spike | conversion_drop */
  kind: string;
  factor: number;
  from_date: string;
  to_date: string | null;
  created_at: string;
}
