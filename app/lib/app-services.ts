import type { AccountsModule } from "#core/accounts/accounts-module.ts";
import type { AuthServer } from "#core/accounts/auth-server.ts";
import type { AdCreationModule } from "#core/ads/ad-creation-module.ts";
import type { AdsModule } from "#core/ads/ads-module.ts";
import type { AnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { ApiKeysModule } from "#core/api-keys/api-keys-module.ts";
import type { AssetsModule } from "#core/assets/assets-module.ts";
import type { AssistantModule } from "#core/assistant/assistant-module.ts";
import type { AskModule } from "#core/assistant/chat/ask-module.ts";
import type { AuditModule } from "#core/audit/audit-module.ts";
import type { BillingModule } from "#core/billing/billing-module.ts";
import type { BuiltinPaymentPages } from "#core/billing/builtin-payment-pages.ts";
import type { BudgetsModule } from "#core/budgets/budgets-module.ts";
import type { CampaignsModule } from "#core/campaigns/campaigns-module.ts";
import type { ConnectionsModule } from "#core/connections/connections-module.ts";
import type { ConversionsModule } from "#core/conversions/conversions-module.ts";
import type { DashboardModule } from "#core/dashboard/dashboard-module.ts";
import type { GoalsModule } from "#core/goals/goals-module.ts";
import type { HealthModule } from "#core/health/health-module.ts";
import type { NotificationsModule } from "#core/notifications/notifications-module.ts";
import type { OnboardingModule } from "#core/onboarding/onboarding-module.ts";
import type { OptimizerModule } from "#core/optimizer/optimizer-module.ts";
import type { OrganizationsModule } from "#core/organizations/organizations-module.ts";
import type { PrivacyModule } from "#core/privacy/privacy-module.ts";
import type { RulesModule } from "#core/rules/rules-module.ts";
import type { SiteModule } from "#core/site/site-module.ts";
import type { TableViewsModule } from "#core/table-views/table-views-module.ts";
import type { TeamsModule } from "#core/teams/teams-module.ts";
import type { UtmHealthModule } from "#core/utm-health/utm-health-module.ts";
import type { WebhooksModule } from "#core/webhooks/webhooks-module.ts";

/**
 * What the public API offers pages (server/api/public-api.ts implements it): the reference renders
 * its OpenAPI document. (The /api page's Try it reaches the API through the API keys module.)
 */
export interface PublicApiForPages {
  openApiDocument(): unknown;
}

/**
 * Every service a page, an action or a resource route may call, reached through the request's
 * appContext. The app layer declares it and server/services.ts (the composition root) provides it,
 * so app/ never imports the server.
 */
export interface AppServices {
  auth: AuthServer;
  /** Who a session is (profile, preferences, organization), and a person's changes to their own account. */
  accounts: AccountsModule;
  /** A person's organizations (switch, Create New) and the acting organization's settings. */
  organizations: OrganizationsModule;
  /** Everything /dashboard shows. */
  dashboard: DashboardModule;
  /** Reads over the rollups: the campaigns table, a campaign's page, the dashboard's analytics, API metrics. */
  analytics: AnalyticsModule;
  /** Synced ad groups, ads and creatives: a campaign's ads, an ad's days, the creatives with their fatigue. */
  ads: AdsModule;
  /** Ads created on the platforms: an image ad from an uploaded creative. */
  adCreation: AdCreationModule;
  /** Conversion settings: which conversion actions count (history follows) and the revenue truth. */
  conversions: ConversionsModule;
  /** The UTM health check of the ads (store attribution) and its one-click fix. */
  utmHealth: UtmHealthModule;
  /** The assistant's tools (Ask Adhelm, the MCP server) and the confirmation of a proposal. */
  assistant: AssistantModule;
  /** Ask Adhelm: a person's conversations, questions answered by the model or the catalogue, proposal cards. */
  ask: AskModule;
  /** The organization's goals (target and monthly budget). */
  goals: GoalsModule;
  /** Getting started: a person's setup steps. */
  onboarding: OnboardingModule;
  health: HealthModule;
  /** A person's own saved views of the app's tables (the campaigns table) and their columns and density. */
  tableViews: TableViewsModule;
  /** The public site's forms (newsletter, careers, contact), used by visitors. */
  site: SiteModule;
  /** Campaign changes (preview, apply, undo, create, update), lists, the change log and the CSV exports. */
  campaigns: CampaignsModule;
  /** A connection's lifecycle: the integrations screen, connect, accounts, sync now, disconnect. */
  connections: ConnectionsModule;
  /** API keys: Settings → API keys, the /api page's Try it, and the API's authentication. */
  apiKeys: ApiKeysModule;
  /** The team (/settings/team): members, roles, invitations, leaving and handing over the organization. */
  teams: TeamsModule;
  privacy: PrivacyModule;
  /** Settings → Audit log: the organization's log, filtered, a page at a time and as CSV. */
  audit: AuditModule;
  /** Settings → Webhooks: endpoints, secrets, the delivery log and test events; publishing for other slices. */
  webhooks: WebhooksModule;
  /** The asset library's uploaded creatives: upload, list, rename, tag, delete and their files. */
  assets: AssetsModule;
  /** The notification centre, its unread badge, push subscriptions and the mail's unsubscribe. */
  notifications: NotificationsModule;
  /** Automation rules: the rules, their preview, backtest, runs, and the "pause all automation" switch. */
  rules: RulesModule;
  /** The budget plan (settings, groups, per-campaign bounds) and its pacing. */
  budgets: BudgetsModule;
  /** The optimizer: recommendations (ask, apply, dismiss), the overview, what-if, response curves, calibration. */
  optimizer: OptimizerModule;
  /** What pages use of the public API: the reference's OpenAPI document. */
  publicApi: PublicApiForPages;
  /** Billing: plan, trial, checkout, plan changes, invoices, the card, Enterprise's contact form. */
  billing: BillingModule;
  /** The built-in test provider's checkout and portal pages; null when Stripe is configured. */
  builtinPayments: BuiltinPaymentPages | null;
}
