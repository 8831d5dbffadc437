/**
 * What the permission-matrix test (permission-matrix.test.ts) expects of every route of
 * app/routes.ts and every operation of the OpenAPI document: which permission each page, action
 * and API operation needs. The test checks these tables against the route table and the document
 * first, so a new route or endpoint fails there until it is given its row here.
 */
import { randomUUID } from "node:crypto";
import type { Permission } from "#core/access/permissions.ts";
import type { MatrixWorld } from "./permission-matrix-test-kit.ts";

type Ids = MatrixWorld["ids"];

/** What a page (GET) route is. */
type PageRule =
  // The public site: anyone, signed in or not, gets it.
  | { kind: "public"; url?: (ids: Ids) => string }
  // An app screen: any role of the organization reads it (with `permission`, only the roles that
  // have it; the others get 403); nobody is sent to sign in. With `isOrganizationData`, its URL
  // names Ada's things, and Grace gets a 404.
  | {
      kind: "app";
      url?: (ids: Ids) => string;
      isOrganizationData?: boolean;
      isOpenToAnonymous?: boolean;
      permission?: Permission;
    }
  // A resource (CSV, JSON) that needs a permission; anonymous is sent to sign in or gets 401.
  // `allowed`: what those who may get, when not 200 (a download of an unknown id: 404).
  | {
      kind: "resource";
      permission: Permission;
      url?: (ids: Ids) => string;
      anonymous: 401 | "login";
      allowed?: number;
    }
  // No GET of its own (a POST endpoint, a callback for another party).
  | { kind: "no-page"; reason: string };

export const PAGES: Record<string, PageRule> = {
  "/robots.txt": { kind: "public" },
  "/sitemap.xml": { kind: "public" },
  "/logout": { kind: "no-page", reason: "POST only: signs the session out" },
  "/auth/handoff": { kind: "no-page", reason: "the one-time sign-in after a reset; covered by the auth tests" },
  "/legal/:document/pdf": { kind: "public", url: () => "/legal/privacy/pdf" },
  "/newsletter/subscribe": { kind: "no-page", reason: "POST only: the public newsletter form" },
  "/integrations/:platform/connect": { kind: "no-page", reason: "POST only (see ACTIONS)" },
  "/integrations/:platform/callback": {
    kind: "no-page",
    reason: "the platform's OAuth return, bound to a state only its starter holds; integrations tests",
  },
  "/integrations/:platform/callback/keys": { kind: "no-page", reason: "the store's server posts its keys here" },
  "/exports/campaigns.csv": { kind: "resource", permission: "campaigns.export", anonymous: "login" },
  "/exports/daily-metrics.csv": { kind: "resource", permission: "campaigns.export", anonymous: "login" },
  "/exports/campaigns.xlsx": { kind: "resource", permission: "campaigns.export", anonymous: "login" },
  "/exports/daily-metrics.xlsx": { kind: "resource", permission: "campaigns.export", anonymous: "login" },
  "/rules/campaign-search": { kind: "resource", permission: "workspace.read", anonymous: "login" },
  "/campaigns/labels": { kind: "resource", permission: "workspace.read", anonymous: "login" },
  // The UTM health check's figures (GET) and its one-click fix (POST, see ACTIONS).
  "/ads/utm-fix": { kind: "resource", permission: "workspace.read", anonymous: "login" },
  "/notifications/unread": { kind: "resource", permission: "workspace.read", anonymous: 401 },
  "/service-status": { kind: "resource", permission: "workspace.read", anonymous: 401 },
  "/notifications/push": { kind: "resource", permission: "workspace.read", anonymous: 401 },
  "/exports/audit-log.csv": { kind: "resource", permission: "audit.read", anonymous: "login" },
  "/exports/audit-log.xlsx": { kind: "resource", permission: "audit.read", anonymous: "login" },
  // The sidebar's switcher: the signed-in person's own organizations, whichever is active.
  "/organizations/mine": { kind: "resource", permission: "self.manage", anonymous: 401 },
  "/organizations/switch": { kind: "no-page", reason: "POST only (see ACTIONS)" },
  // Only its requester downloads an export: an id nobody asked for is 404 to everyone.
  "/account/privacy/exports/:exportId": {
    kind: "resource",
    permission: "self.manage",
    url: () => `/account/privacy/exports/${MISSING}`,
    anonymous: 401,
    allowed: 404,
  },
  "/organizations/new": { kind: "no-page", reason: "POST only (see ACTIONS)" },
  "/ask/stream": { kind: "no-page", reason: "POST only (see ACTIONS): Ask's streamed answer" },
  "/terms": { kind: "public" },
  "/privacy": { kind: "public" },
  "/settings": { kind: "public" },
  "/": { kind: "public" },
  "/features": { kind: "public" },
  "/pricing": { kind: "public" },
  "/api": { kind: "public" },
  "/api/reference": { kind: "public" },
  "/changelog": { kind: "public" },
  "/about": { kind: "public" },
  "/blog": { kind: "public" },
  "/blog/:slug": { kind: "public", url: () => "/blog/not-a-post" },
  "/careers": { kind: "public" },
  "/docs": { kind: "public" },
  "/help": { kind: "public" },
  "/press": { kind: "public" },
  "/partners": { kind: "public" },
  "/community": { kind: "public" },
  "/webinars": { kind: "public" },
  "/case-studies": { kind: "public" },
  "/newsletter/confirm": { kind: "public" },
  "/newsletter/unsubscribe": { kind: "public" },
  "/notifications/unsubscribe": { kind: "public" },
  "/legal": { kind: "public" },
  "/legal/:document": { kind: "public", url: () => "/legal/privacy" },
  "/login": { kind: "public" },
  "/signup": { kind: "public" },
  "/verify-email": { kind: "public" },
  "/auth/callback": { kind: "public" },
  "/forgot-password": { kind: "public" },
  "/reset-password": { kind: "public" },
  "/invitations/:token": { kind: "public", url: () => "/invitations/not-a-token" },
  "/*": { kind: "public", url: () => "/no-such-page" },
  "/dashboard": { kind: "app" },
  "/ask-shown": { kind: "app" },
  "/billing": { kind: "app" },
  "/assets": { kind: "app" },
  "/assets/compare": { kind: "app" },
  "/assets/creatives/:creativeId": {
    kind: "app",
    url: (ids) => `/assets/creatives/${ids.creativeId}`,
    isOrganizationData: true,
  },
  "/settings/general": { kind: "app" },
  "/settings/team": { kind: "app" },
  "/settings/audit": { kind: "app", permission: "audit.read" },
  "/account/security": { kind: "app" },
  "/account/privacy": { kind: "app" },
  "/settings/conversions": { kind: "app" },
  "/campaigns/mes-ads": { kind: "app" },
  "/campaigns/mes-ads/:campaignId": {
    kind: "app",
    url: (ids) => `/campaigns/mes-ads/${ids.campaignId}`,
    isOrganizationData: true,
  },
  "/getting-started": { kind: "app" },
  "/goals": { kind: "app" },
  "/optimizer/plan": { kind: "app" },
  "/optimizer": { kind: "app" },
  "/rules": { kind: "app" },
  "/rules/new": { kind: "app" },
  "/rules/:ruleId": { kind: "app", url: (ids) => `/rules/${ids.ruleId}`, isOrganizationData: true },
  "/rules/:ruleId/runs/:runId": {
    kind: "app",
    url: (ids) => `/rules/${ids.ruleId}/runs/${ids.runId}`,
    isOrganizationData: true,
  },
  "/notifications": { kind: "app" },
  "/settings/api-keys": { kind: "app" },
  "/settings/webhooks": { kind: "app" },
  "/integrations": { kind: "app", isOpenToAnonymous: true },
  "/dashboard/integrations": { kind: "app", isOpenToAnonymous: true },
  "/profile": { kind: "app" },
  "/account/profile": { kind: "app" },
  "/preferences": { kind: "app" },
  "/account/preferences": { kind: "app" },
  "/billing/invoices": { kind: "app" },
  "/billing/payment-method": { kind: "app" },
  // An invoice's PDF: billing.manage only; an id nobody has is 404 to those who may.
  "/billing/invoices/:invoiceId/pdf": {
    kind: "resource",
    permission: "billing.manage",
    url: () => `/billing/invoices/${MISSING}/pdf`,
    anonymous: "login",
    allowed: 404,
  },
  "/billing/test-checkout/:id": {
    kind: "no-page",
    reason: "the built-in test provider's hosted page, bound to an unguessable id; billing route tests",
  },
  "/billing/test-portal/:id": {
    kind: "no-page",
    reason: "the built-in test provider's hosted page, bound to an unguessable id; billing route tests",
  },
};

/** One POST a screen makes, with input that changes nothing (unknown ids, or refused by validation). */
export interface ActionCase {
  name: string;
  permission: Permission;
  /** JSON unless `form`. */
  body: (ids: Ids) => Record<string, unknown>;
  form?: boolean;
  url?: (ids: Ids) => string;
  /** How a refusal looks when it is not a 403 (Connect answers with a redirect and a flash). */
  isRefusal?: (response: Response) => boolean;
  /** Grace posting Ada's ids gets this (her own organization does not have them). */
  outsider?: number;
}

type ActionRule = { cases: ActionCase[] } | { kind: "public"; reason: string };

const MISSING = "00000000-0000-4000-8000-000000000000";

const campaignCases: ActionCase[] = [
  {
    name: "preview",
    permission: "campaigns.change",
    body: () => ({ intent: "preview", change: { action: "pause" }, target: { kind: "ids", ids: [MISSING] } }),
  },
  {
    name: "apply",
    permission: "campaigns.change",
    body: () => ({ intent: "apply", change: { action: "pause" }, ids: [MISSING], batchId: randomUUID() }),
  },
  { name: "undo", permission: "campaigns.change", body: () => ({ intent: "undo", changeId: MISSING }) },
];

const ruleCases: ActionCase[] = [
  { name: "save", permission: "rules.draft", body: () => ({ intent: "save", ruleId: null, name: "", definition: {} }) },
  {
    name: "status",
    permission: "rules.manage",
    body: (ids) => ({ intent: "status", ruleId: ids.ruleId, status: "preview" }),
    outsider: 404,
  },
  { name: "delete", permission: "rules.manage", body: () => ({ intent: "delete", ruleId: MISSING }) },
  { name: "run", permission: "rules.run", body: () => ({ intent: "run", ruleId: MISSING }) },
  { name: "automation", permission: "rules.manage", body: () => ({ intent: "automation", paused: false }) },
];

const integrationCases: ActionCase[] = [
  {
    name: "sync now",
    permission: "connections.sync",
    form: true,
    body: (ids) => ({ intent: "sync-now", connectionId: ids.connectionId }),
    outsider: 404,
  },
  {
    name: "disconnect",
    permission: "connections.manage",
    form: true,
    body: () => ({ intent: "disconnect", connectionId: MISSING, data: "keep" }),
  },
  {
    name: "choose accounts",
    permission: "connections.manage",
    form: true,
    body: () => ({ intent: "choose-accounts", connectionId: MISSING, adAccountIds: MISSING }),
  },
];

const selfCases = (body: Record<string, unknown> = {}): ActionCase[] => [
  { name: "save one's own", permission: "self.manage", body: () => body },
];

export const ACTIONS: Record<string, ActionRule> = {
  "/campaigns/mes-ads": { cases: campaignCases },
  "/campaigns/mes-ads/:campaignId": {
    cases: campaignCases.map((item) => ({ ...item, url: (ids: Ids) => `/campaigns/mes-ads/${ids.campaignId}` })),
  },
  "/rules": { cases: ruleCases },
  "/rules/new": { cases: ruleCases },
  "/rules/:ruleId": { cases: ruleCases.map((item) => ({ ...item, url: (ids: Ids) => `/rules/${ids.ruleId}` })) },
  "/goals": { cases: [{ name: "set goals", permission: "goals.manage", body: () => ({}) }] },
  "/assets": {
    cases: [
      {
        name: "edit",
        permission: "assets.manage",
        body: () => ({ intent: "edit", assetId: MISSING, name: "Renamed", tags: [] }),
      },
      { name: "delete", permission: "assets.manage", body: () => ({ intent: "delete", assetId: MISSING }) },
    ],
  },
  "/settings/conversions": {
    cases: [
      {
        name: "count",
        permission: "conversions.manage",
        body: () => ({ intent: "count", actionId: MISSING, counted: true }),
      },
      {
        name: "revenue truth",
        permission: "conversions.manage",
        body: () => ({ intent: "revenue", defaultSource: "platform", overrides: {} }),
      },
    ],
  },
  "/optimizer": {
    cases: [
      { name: "apply", permission: "optimizer.apply", body: () => ({ intent: "apply", ids: [MISSING] }) },
      { name: "dismiss", permission: "optimizer.apply", body: () => ({ intent: "dismiss", id: MISSING }) },
      { name: "undo", permission: "campaigns.change", body: () => ({ intent: "undo", changeIds: [MISSING] }) },
    ],
  },
  "/optimizer/plan": {
    cases: [
      { name: "settings", permission: "budgets.manage", body: () => ({ intent: "settings", values: {} }) },
      { name: "group", permission: "budgets.manage", body: () => ({ intent: "group", values: {} }) },
      { name: "delete group", permission: "budgets.manage", body: () => ({ intent: "deleteGroup", groupId: MISSING }) },
      { name: "bounds", permission: "budgets.manage", body: () => ({ intent: "bounds", values: {} }) },
    ],
  },
  "/settings/api-keys": {
    cases: [
      { name: "create", permission: "api_keys.manage", body: () => ({ intent: "create", values: {} }) },
      { name: "revoke", permission: "api_keys.manage", body: () => ({ intent: "revoke", apiKeyId: MISSING }) },
    ],
  },
  "/settings/webhooks": {
    cases: [
      { name: "create", permission: "webhooks.manage", body: () => ({ intent: "create", values: {} }) },
      { name: "delete", permission: "webhooks.manage", body: () => ({ intent: "delete", endpointId: MISSING }) },
      { name: "test", permission: "webhooks.manage", body: () => ({ intent: "test", endpointId: MISSING }) },
    ],
  },
  "/integrations": { cases: integrationCases },
  "/dashboard/integrations": { cases: integrationCases },
  "/integrations/:platform/connect": {
    cases: [
      {
        name: "connect",
        permission: "connections.manage",
        form: true,
        url: () => "/integrations/facebook-ads/connect",
        body: () => ({}),
        isRefusal: (response) =>
          response.status === 302 &&
          response.headers.get("location") === "/integrations" &&
          response.headers.getSetCookie().some((cookie) => cookie.includes(encodeURIComponent("does not allow"))),
      },
    ],
  },
  "/notifications": {
    cases: [{ name: "read all", permission: "workspace.read", form: true, body: () => ({ intent: "read-all" }) }],
  },
  "/profile": { cases: selfCases() },
  "/account/profile": { cases: selfCases() },
  "/preferences": { cases: selfCases() },
  "/account/preferences": { cases: selfCases() },
  "/campaigns/labels": {
    cases: [{ name: "set labels", permission: "campaigns.change", body: () => ({ campaignIds: [MISSING] }) }],
  },
  "/ads/utm-fix": {
    cases: [{ name: "fix UTM parameters", permission: "campaigns.change", body: () => ({ adIds: [MISSING] }) }],
  },
  "/notifications/push": { cases: [{ name: "subscribe", permission: "self.manage", body: () => ({}) }] },
  "/organizations/switch": {
    cases: [
      {
        name: "switch to Ada's",
        permission: "self.manage",
        form: true,
        body: (ids) => ({ organizationId: ids.organizationId }),
        outsider: 404,
      },
    ],
  },
  "/organizations/new": {
    cases: [{ name: "create (no name)", permission: "self.manage", form: true, body: () => ({ name: "" }) }],
  },
  // Ask Adhelm: everyone who reads may ask (an empty question is refused, 422) and keep their own
  // conversations; only those who may change campaigns confirm or undo a proposal.
  "/ask/stream": {
    cases: [{ name: "ask (empty question)", permission: "workspace.read", body: () => ({ question: "" }) }],
  },
  "/ask-shown": {
    cases: [
      {
        name: "rename",
        permission: "workspace.read",
        body: () => ({ intent: "rename", conversationId: MISSING, title: "x" }),
      },
      {
        name: "confirm",
        permission: "campaigns.change",
        body: () => ({ intent: "confirm", messageId: MISSING, proposalId: MISSING }),
      },
      {
        name: "undo",
        permission: "campaigns.change",
        body: () => ({ intent: "undo", messageId: MISSING, proposalId: MISSING }),
      },
    ],
  },
  "/invitations/:token": {
    cases: [
      {
        name: "accept",
        permission: "self.manage",
        form: true,
        url: () => "/invitations/not-a-token",
        body: () => ({}),
      },
    ],
  },
  // "leave" is not here: every member may leave, and the allowed run would really leave.
  "/settings/team": {
    cases: [
      { name: "invite", permission: "members.manage", body: () => ({ intent: "invite", values: {} }) },
      { name: "resend", permission: "members.manage", body: () => ({ intent: "resend", invitationId: MISSING }) },
      { name: "revoke", permission: "members.manage", body: () => ({ intent: "revoke", invitationId: MISSING }) },
      {
        name: "change a role",
        permission: "members.manage",
        body: () => ({ intent: "role", memberId: MISSING, role: "viewer" }),
      },
      { name: "remove", permission: "members.manage", body: () => ({ intent: "remove", memberId: MISSING }) },
      { name: "transfer", permission: "organization.own", body: () => ({ intent: "transfer", memberId: MISSING }) },
    ],
  },
  // "revoke-others" is not here: every member may, and the allowed run would sign the others out.
  "/account/security": {
    cases: [
      {
        name: "revoke a session",
        permission: "self.manage",
        form: true,
        body: () => ({ intent: "revoke", sessionId: MISSING }),
      },
    ],
  },
  // Asking for one's own export or deletion is not here: every member may, and the allowed run would
  // really start it. Cancelling a deletion that nobody asked for changes nothing.
  "/account/privacy": {
    cases: [
      {
        name: "export the organization",
        permission: "organization.export",
        body: () => ({ intent: "requestOrganizationExport" }),
      },
      {
        name: "cancel the organization's deletion",
        permission: "organization.own",
        body: () => ({ intent: "cancelOrganizationDeletion" }),
      },
      { name: "cancel one's deletion", permission: "self.manage", body: () => ({ intent: "cancelAccountDeletion" }) },
    ],
  },
  "/settings/general": {
    cases: [
      { name: "settings", permission: "organization.manage", body: () => ({ intent: "settings", values: {} }) },
      { name: "remove the logo", permission: "organization.manage", body: () => ({ intent: "remove-logo" }) },
    ],
  },
  "/api": {
    cases: [
      {
        name: "Try it",
        permission: "api_keys.manage",
        form: true,
        body: () => ({ endpoint: "list-campaigns", token: randomUUID() }),
      },
    ],
  },
  // Cancelling is not here: the allowed run would really cancel. Resuming nothing changes nothing.
  "/billing": {
    cases: [
      { name: "checkout", permission: "billing.manage", body: () => ({ intent: "checkout", values: {} }) },
      { name: "preview a change", permission: "billing.manage", body: () => ({ intent: "preview", values: {} }) },
      { name: "change the plan", permission: "billing.manage", body: () => ({ intent: "change", values: {} }) },
      { name: "resume", permission: "billing.manage", body: () => ({ intent: "resume" }) },
      { name: "contact sales", permission: "billing.manage", body: () => ({ intent: "enterprise", values: {} }) },
    ],
  },
  "/billing/invoices": {
    cases: [
      {
        name: "billing details",
        permission: "billing.manage",
        body: () => ({ intent: "details", values: { vatNumber: "not a VAT number" } }),
      },
    ],
  },
  // Opening the card page is not here: the allowed run makes the provider's customer.
  "/billing/payment-method": {
    cases: [{ name: "pay now (nothing open)", permission: "billing.manage", body: () => ({ intent: "pay" }) }],
  },
  "/billing/test-checkout/:id": {
    kind: "public",
    reason: "the built-in test provider's hosted page, bound to an unguessable id",
  },
  "/billing/test-portal/:id": {
    kind: "public",
    reason: "the built-in test provider's hosted page, bound to an unguessable id",
  },
  "/logout": { kind: "public", reason: "signs out whoever asks" },
  "/auth/handoff": { kind: "public", reason: "a one-time sign-in, bound to the browser that reset" },
  "/newsletter/subscribe": { kind: "public", reason: "the public newsletter form" },
  "/integrations/:platform/callback/keys": { kind: "public", reason: "the store's server, checked by its state" },
  "/help": { kind: "public", reason: "the public contact form" },
  "/careers": { kind: "public", reason: "the public job application" },
  "/newsletter/unsubscribe": { kind: "public", reason: "a signed link from a mail" },
  "/notifications/unsubscribe": { kind: "public", reason: "a signed link from a mail" },
};

/** Every operation of the API: the permission a write needs (reads need workspace.read). */
export const OPERATIONS: Record<string, { permission: Permission; path: (ids: Ids) => string; body?: unknown }> = {
  listCampaigns: { permission: "workspace.read", path: () => "/campaigns" },
  getCampaign: { permission: "workspace.read", path: (ids) => `/campaigns/${ids.campaignId}` },
  getCampaignMetrics: { permission: "workspace.read", path: (ids) => `/campaigns/${ids.campaignId}/metrics` },
  createCampaign: { permission: "campaigns.change", path: () => "/campaigns", body: {} },
  updateCampaign: { permission: "campaigns.change", path: (ids) => `/campaigns/${ids.campaignId}`, body: {} },
  listRules: { permission: "workspace.read", path: () => "/rules" },
  getRule: { permission: "workspace.read", path: (ids) => `/rules/${ids.ruleId}` },
  listRuleRuns: { permission: "workspace.read", path: (ids) => `/rules/${ids.ruleId}/runs` },
  createRule: { permission: "rules.manage", path: () => "/rules", body: {} },
  updateRule: { permission: "rules.manage", path: (ids) => `/rules/${ids.ruleId}`, body: {} },
  deleteRule: { permission: "rules.manage", path: () => `/rules/${MISSING}` },
  previewRule: { permission: "workspace.read", path: (ids) => `/rules/${ids.ruleId}/preview` },
  runRule: { permission: "rules.run", path: () => `/rules/${MISSING}/run` },
  getBudgetPlan: { permission: "workspace.read", path: () => "/budget-plan" },
  updateBudgetPlan: { permission: "budgets.manage", path: () => "/budget-plan", body: { objective: 42 } },
  getBudgetPacing: { permission: "workspace.read", path: () => "/budget-plan/pacing" },
  listRecommendations: { permission: "workspace.read", path: () => "/optimizer/recommendations" },
  generateRecommendations: { permission: "optimizer.apply", path: () => "/optimizer/recommendations?dry=1" },
  applyRecommendation: { permission: "optimizer.apply", path: () => `/optimizer/recommendations/${MISSING}/apply` },
  dismissRecommendation: {
    permission: "optimizer.apply",
    path: () => `/optimizer/recommendations/${MISSING}/dismiss`,
  },
  getOptimizerCalibration: { permission: "workspace.read", path: () => "/optimizer/calibration" },
  listCampaignAds: { permission: "workspace.read", path: (ids) => `/campaigns/${ids.campaignId}/ads` },
  getAdMetrics: { permission: "workspace.read", path: (ids) => `/ads/${ids.adId}/metrics` },
  listAssets: { permission: "workspace.read", path: () => "/assets" },
};
