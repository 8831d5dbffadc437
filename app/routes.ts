import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { DASHBOARD_SCREEN_PATHS, PERMANENT_REDIRECTS } from "./lib/route-paths.ts";

export default [
  // Resource routes: no layout, no HTML.
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("logout", "routes/resources/logout.ts"),
  route("auth/handoff", "routes/resources/session-handoff.ts"),
  route("legal/:document/pdf", "routes/resources/legal-pdf.ts"),
  route("newsletter/subscribe", "routes/resources/newsletter-subscribe.ts"),
  route("integrations/:platform/connect", "routes/resources/integration-connect.ts"),
  route("integrations/:platform/callback", "routes/resources/integration-callback.ts"),
  route("integrations/:platform/callback/keys", "routes/resources/integration-store-keys.ts"),
  route("exports/campaigns.csv", "routes/resources/campaigns-csv.ts"),
  route("exports/daily-metrics.csv", "routes/resources/daily-metrics-csv.ts"),
  ...Object.keys(PERMANENT_REDIRECTS).map((path) =>
    route(path.slice(1), "routes/resources/permanent-redirect.ts", { id: `redirect${path.replaceAll("/", "-")}` }),
  ),

  // The public site: header and footer around marketing, legal and auth screens.
  layout("components/layout/site-layout.tsx", [
    index("routes/site/home.tsx"),
    route("features", "routes/site/features.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("api", "routes/site/api.tsx"),
    route("api/reference", "routes/site/api-reference.tsx"),
    route("changelog", "routes/site/changelog.tsx"),
    route("about", "routes/site/about.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("careers", "routes/site/careers.tsx"),
    route("docs", "routes/site/docs.tsx"),
    route("help", "routes/site/help.tsx"),
    route("press", "routes/site/press.tsx"),
    route("partners", "routes/site/partners.tsx"),
    route("community", "routes/site/community.tsx"),
    route("webinars", "routes/site/webinars.tsx"),
    route("case-studies", "routes/site/case-studies.tsx"),
    route("newsletter/confirm", "routes/site/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/site/newsletter-unsubscribe.tsx"),
    route("legal", "routes/legal/legal-hub.tsx"),
    route("legal/:document", "routes/legal/legal-document.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    route("auth/callback", "routes/auth/auth-callback.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // The authenticated app: sidebar shell. Same-screen pairs share one module.
  layout("components/layout/app-layout.tsx", [
    route("dashboard", "routes/app/dashboard.tsx"),
    ...DASHBOARD_SCREEN_PATHS.map((path) =>
      route(path, "routes/app/dashboard.tsx", { id: `dashboard-screen-${path.replaceAll("/", "-")}` }),
    ),
    route("campaigns/mes-ads", "routes/app/campaigns.tsx"),
    route("campaigns/mes-ads/:campaignId", "routes/app/campaign-detail.tsx"),
    route("getting-started", "routes/app/getting-started.tsx"),
    route("goals", "routes/app/goals.tsx"),
    route("settings/api-keys", "routes/app/api-keys.tsx"),
    route("integrations", "routes/app/integrations.tsx"),
    route("dashboard/integrations", "routes/app/integrations.tsx", { id: "dashboard-integrations" }),
    route("profile", "routes/app/profile.tsx"),
    route("account/profile", "routes/app/profile.tsx", { id: "account-profile" }),
    route("preferences", "routes/app/preferences.tsx"),
    route("account/preferences", "routes/app/preferences.tsx", { id: "account-preferences" }),
  ]),
] satisfies RouteConfig;
