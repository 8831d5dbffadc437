export type ReleaseType = "major" | "minor" | "patch";
export type ChangeType = "feature" | "improvement" | "fix";

export interface ChangelogItem {
  type: ChangeType;
  title: string;
  description: string;
}

export interface ChangelogRelease {
  /** Semantic version, `MAJOR.MINOR.PATCH`. */
  version: string;
  /** Release date, `YYYY-MM-DD`. */
  date: string;
  type: ReleaseType;
  /** One line on what the release is about. */
  summary: string;
  items: readonly ChangelogItem[];
}

export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  major: "Major",
  minor: "Minor",
  patch: "Patch",
};

export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = {
  feature: "Feature",
  improvement: "Improvement",
  fix: "Fix",
};

/** Every Adhelm release, newest first. Add a new release at the top. */
export const CHANGELOG_RELEASES: readonly ChangelogRelease[] = [
  {
    version: "3.2.1",
    date: "2026-11-03",
    type: "patch",
    summary: "Fixes for rule dry runs, WooCommerce refunds and the budget plan editor.",
    items: [
      {
        type: "fix",
        title: "Dry runs respect the rule's cool-down",
        description:
          "A dry run could list the same campaign several days in a row when the rule's cool-down would have prevented it. It now simulates the cool-down exactly as the live rule applies it.",
      },
      {
        type: "fix",
        title: "Partial WooCommerce refunds",
        description:
          "Orders refunded in part were counted as fully refunded in net revenue. Only the refunded amount is subtracted now, and affected days were recalculated.",
      },
      {
        type: "improvement",
        title: "Faster budget plan editor",
        description: "Editing a plan with many campaigns no longer pauses while totals are recalculated.",
      },
    ],
  },
  {
    version: "3.2.0",
    date: "2026-09-15",
    type: "minor",
    summary: "Rule templates, maturing-day shading and a weekly summary you can share.",
    items: [
      {
        type: "feature",
        title: "Rule templates",
        description:
          "Start from tested templates such as spend spike alert, stalled ad set, CPA guard, scale winners and pacing guard, each with sensible limits already filled in.",
      },
      {
        type: "feature",
        title: "Maturing days in trend lines",
        description:
          "Recent days that are still collecting late conversions are shaded, and compared with earlier days at the same age, so a normal Monday no longer looks like a drop.",
      },
      {
        type: "improvement",
        title: "Shareable weekly summary",
        description:
          "The weekly performance email can now go to colleagues without an Adhelm seat, with spend, revenue and blended ROAS per platform.",
      },
      {
        type: "fix",
        title: "LinkedIn lead form conversions",
        description: "Lead form submissions from sponsored messages were missing from campaign totals.",
      },
    ],
  },
  {
    version: "3.1.1",
    date: "2026-06-09",
    type: "patch",
    summary: "Sync and sign-in fixes.",
    items: [
      {
        type: "fix",
        title: "TikTok sync after token renewal",
        description:
          "A TikTok connection could stop syncing for a few hours after its access token was renewed. Syncs now pick up the new token straight away.",
      },
      {
        type: "fix",
        title: "GitHub sign-in with private emails",
        description:
          "Signing in with GitHub failed for accounts that keep their email address private. Adhelm now reads the verified primary address.",
      },
      {
        type: "improvement",
        title: "Clearer connection errors",
        description:
          "When a platform refuses access, the integration card now says which permission is missing and how to grant it.",
      },
    ],
  },
  {
    version: "3.1.0",
    date: "2026-05-12",
    type: "minor",
    summary: "Store revenue you can shape, and GitHub sign-in.",
    items: [
      {
        type: "feature",
        title: "Revenue settings for Shopify and WooCommerce",
        description:
          "Choose whether store revenue counts refunds, taxes and shipping. Blended ROAS and every goal use the same definition.",
      },
      {
        type: "feature",
        title: "Sign in with GitHub",
        description: "Create an account or sign in with your GitHub account instead of a password.",
      },
      {
        type: "improvement",
        title: "Over-attribution ratio",
        description:
          "The dashboard shows how much more revenue the platforms claim together than your store recorded, and how that ratio moves over time.",
      },
    ],
  },
  {
    version: "3.0.0",
    date: "2026-02-24",
    type: "major",
    summary: "Adhelm 3: recommendations that work across platforms, with guardrails you set once.",
    items: [
      {
        type: "feature",
        title: "Cross-platform budget recommendations",
        description:
          "The optimizer now proposes moving budget between platforms, not only between campaigns on one platform, measured against your target ROAS and your blended floor.",
      },
      {
        type: "feature",
        title: "Guardrails for every automated change",
        description:
          "Set a maximum step, a floor and a ceiling for budgets once per workspace; rules and accepted recommendations never go past them.",
      },
      {
        type: "improvement",
        title: "Exact money everywhere",
        description:
          "Amounts are kept as whole numbers of each currency's smallest unit, so totals over thousands of campaigns never drift by a cent, and spend in different currencies is never added together.",
      },
      {
        type: "improvement",
        title: "Redesigned dashboard",
        description:
          "A calmer dashboard with spend per currency, connected platforms and next steps at the top, and the same layout on phones.",
      },
    ],
  },
  {
    version: "2.6.1",
    date: "2025-10-21",
    type: "patch",
    summary: "Time zone and export fixes.",
    items: [
      {
        type: "fix",
        title: "Daylight saving time in daily metrics",
        description:
          "On the night clocks changed, accounts in some time zones saw one hour of spend counted on the wrong day.",
      },
      {
        type: "fix",
        title: "CSV export of long campaign names",
        description: "Campaign names with commas or line breaks broke the columns of the CSV export.",
      },
    ],
  },
  {
    version: "2.6.0",
    date: "2025-09-16",
    type: "minor",
    summary: "Goals for every team, and a weekly report by email.",
    items: [
      {
        type: "feature",
        title: "Goals",
        description:
          "Set a target ROAS or a target cost per acquisition for a group of campaigns across platforms, and follow progress on the dashboard.",
      },
      {
        type: "feature",
        title: "Weekly performance email",
        description: "Every Monday, a summary of last week's spend, revenue and ROAS per platform in your inbox.",
      },
      {
        type: "improvement",
        title: "Recommendations explain themselves",
        description: "Each recommendation now shows the data behind it and the result we expect if you accept it.",
      },
    ],
  },
  {
    version: "2.5.1",
    date: "2025-06-03",
    type: "patch",
    summary: "Fixes for the change log and Microsoft Advertising budgets.",
    items: [
      {
        type: "fix",
        title: "Undo for shared budgets",
        description:
          "Undoing a change to a Microsoft Advertising shared budget restored the wrong amount when two campaigns used it.",
      },
      {
        type: "fix",
        title: "Change log filters",
        description: "Filtering the change log by rule showed changes made by people as well.",
      },
    ],
  },
  {
    version: "2.5.0",
    date: "2025-05-06",
    type: "minor",
    summary: "Dry runs for rules, and a change log you can undo from.",
    items: [
      {
        type: "feature",
        title: "Rule dry runs",
        description:
          "Before you save a rule, see which campaigns it would have changed over the last 30 days, and when.",
      },
      {
        type: "feature",
        title: "Change log with undo",
        description:
          "Every change Adhelm pushes to a platform is recorded with who or what made it, why, the value before and after, and a button to undo it.",
      },
      {
        type: "improvement",
        title: "Settled windows for rules",
        description: "Rules can leave the most recent days out of their evaluation while late conversions arrive.",
      },
    ],
  },
  {
    version: "2.4.0",
    date: "2025-02-11",
    type: "minor",
    summary: "Dark mode, more languages and preferences that follow you.",
    items: [
      {
        type: "feature",
        title: "Dark mode",
        description: "Choose light, dark, or follow your system setting.",
      },
      {
        type: "feature",
        title: "Spanish, French and German",
        description: "Adhelm is now available in Spanish, French and German as well as English.",
      },
      {
        type: "improvement",
        title: "Dashboard preferences",
        description: "Pick the auto-refresh interval, switch to a compact layout, and turn tooltips on or off.",
      },
    ],
  },
  {
    version: "2.3.1",
    date: "2024-11-12",
    type: "patch",
    summary: "Black Friday readiness fixes.",
    items: [
      {
        type: "fix",
        title: "Pacing with mid-month budget changes",
        description:
          "Changing a monthly budget after the 15th made pace read too low for the rest of the month. Pace now uses the budget in force on each day.",
      },
      {
        type: "improvement",
        title: "Faster syncs at peak times",
        description:
          "Syncs back off and retry sooner when a platform asks us to slow down, so data stays fresh during busy weeks.",
      },
    ],
  },
  {
    version: "2.3.0",
    date: "2024-10-01",
    type: "minor",
    summary: "Late conversions, pacing alerts and budget plans.",
    items: [
      {
        type: "feature",
        title: "Budget plans with pacing alerts",
        description:
          "Plan a monthly budget per platform, weight busy days, and get an alert when spend runs ahead of or behind the plan.",
      },
      {
        type: "improvement",
        title: "Late conversions update past days",
        description:
          "Each sync re-reads the recent days from every platform, so conversions that arrive late are added to the day of the click.",
      },
      {
        type: "fix",
        title: "Meta campaigns with lifetime budgets",
        description: "Campaigns with a lifetime budget showed a daily budget of zero.",
      },
    ],
  },
  {
    version: "2.2.0",
    date: "2024-07-09",
    type: "minor",
    summary: "Teams, roles and two more SDKs.",
    items: [
      {
        type: "feature",
        title: "Team workspaces and roles",
        description:
          "Invite colleagues to your workspace as admin, manager, analyst or viewer. Agencies can keep a workspace per client.",
      },
      {
        type: "feature",
        title: "PHP and Ruby SDKs",
        description: "Official client libraries for PHP and Ruby join Python and Node.js.",
      },
      {
        type: "improvement",
        title: "Profile settings",
        description: "Set your time zone and currency once; reports and the dashboard use them everywhere.",
      },
    ],
  },
  {
    version: "2.1.1",
    date: "2024-05-07",
    type: "patch",
    summary: "API fixes.",
    items: [
      {
        type: "fix",
        title: "Metrics for paused campaigns",
        description:
          "GET /api/v1/campaigns/{id}/metrics returned an empty list for campaigns paused during the period.",
      },
      {
        type: "fix",
        title: "Rate limit headers",
        description: "Responses now always carry the remaining quota, not only when the limit is close.",
      },
    ],
  },
  {
    version: "2.1.0",
    date: "2024-04-16",
    type: "minor",
    summary: "The Adhelm Developer API.",
    items: [
      {
        type: "feature",
        title: "Developer API",
        description:
          "List, create and update campaigns, and read their metrics, through a REST API authenticated with API keys.",
      },
      {
        type: "feature",
        title: "Python and Node.js SDKs",
        description: "Official client libraries so you can start with a few lines of code.",
      },
      {
        type: "improvement",
        title: "API keys per workspace",
        description: "Create and revoke keys from your workspace settings; each key only sees its own workspace.",
      },
    ],
  },
  {
    version: "2.0.0",
    date: "2024-02-20",
    type: "major",
    summary: "Adhelm 2: AI optimization arrives.",
    items: [
      {
        type: "feature",
        title: "AI recommendations",
        description:
          "Adhelm reads how each campaign performs and recommends budget and bid changes that move you toward your target ROAS. You accept, edit or dismiss each one.",
      },
      {
        type: "feature",
        title: "Cross-platform budget view",
        description: "See every platform's spend against one budget, in one currency, on one screen.",
      },
      {
        type: "improvement",
        title: "New navigation",
        description:
          "A sidebar that collapses to icons, opens as a drawer on phones and remembers how you left it. The old top menu is gone.",
      },
    ],
  },
  {
    version: "1.5.1",
    date: "2023-11-14",
    type: "patch",
    summary: "Fixes ahead of the holiday season.",
    items: [
      {
        type: "fix",
        title: "Duplicate Shopify orders",
        description: "Orders edited after checkout could be counted twice in store revenue.",
      },
      {
        type: "fix",
        title: "LinkedIn accounts with many campaigns",
        description: "Accounts with more than 1,000 campaigns stopped syncing after the first page.",
      },
    ],
  },
  {
    version: "1.5.0",
    date: "2023-10-03",
    type: "minor",
    summary: "LinkedIn and WooCommerce.",
    items: [
      {
        type: "feature",
        title: "LinkedIn connection",
        description: "Connect LinkedIn Campaign Manager accounts and see B2B campaigns next to search and social.",
      },
      {
        type: "feature",
        title: "WooCommerce connection",
        description: "Measure campaigns against real orders from your WooCommerce store.",
      },
    ],
  },
  {
    version: "1.4.0",
    date: "2023-07-18",
    type: "minor",
    summary: "TikTok joins Adhelm.",
    items: [
      {
        type: "feature",
        title: "TikTok connection",
        description: "Connect TikTok ad accounts and follow short-video campaigns with the rest of your media.",
      },
      {
        type: "improvement",
        title: "Creative-level metrics",
        description: "Drill down from campaigns to individual ads on every platform that reports them.",
      },
    ],
  },
  {
    version: "1.3.0",
    date: "2023-05-09",
    type: "minor",
    summary: "Automated rules.",
    items: [
      {
        type: "feature",
        title: "Automated campaign rules",
        description:
          "Write a rule once, such as pausing an ad when its cost per acquisition climbs, and Adhelm checks it around the clock.",
      },
      {
        type: "feature",
        title: "Email notifications",
        description: "Get an email when a rule acts or a connection needs attention.",
      },
    ],
  },
  {
    version: "1.2.1",
    date: "2023-03-02",
    type: "patch",
    summary: "Currency fixes.",
    items: [
      {
        type: "fix",
        title: "Currencies without decimals",
        description:
          "Spend in Japanese yen and other currencies without minor units was shown a hundred times too small.",
      },
    ],
  },
  {
    version: "1.2.0",
    date: "2023-02-14",
    type: "minor",
    summary: "Shopify and blended ROAS.",
    items: [
      {
        type: "feature",
        title: "Shopify connection",
        description: "Connect your Shopify store and compare ad platforms' reported revenue with your real orders.",
      },
      {
        type: "feature",
        title: "Blended ROAS",
        description: "Store revenue divided by total ad spend, at the top of the dashboard.",
      },
    ],
  },
  {
    version: "1.1.0",
    date: "2022-12-06",
    type: "minor",
    summary: "Microsoft Advertising and CSV export.",
    items: [
      {
        type: "feature",
        title: "Microsoft Advertising connection",
        description: "Bring Microsoft Advertising search campaigns next to Google Ads.",
      },
      {
        type: "feature",
        title: "CSV export",
        description: "Export any campaign table as a CSV file.",
      },
    ],
  },
  {
    version: "1.0.1",
    date: "2022-10-19",
    type: "patch",
    summary: "First fixes after launch.",
    items: [
      {
        type: "fix",
        title: "Meta connections expiring",
        description: "Meta connections stopped syncing after 60 days; tokens are now renewed before they expire.",
      },
      {
        type: "fix",
        title: "Account time zones",
        description: "Daily metrics now follow each ad account's own time zone instead of UTC.",
      },
    ],
  },
  {
    version: "1.0.0",
    date: "2022-09-27",
    type: "major",
    summary: "Adhelm launches.",
    items: [
      {
        type: "feature",
        title: "One dashboard for Google Ads and Meta",
        description: "Connect Google Ads and Meta ad accounts and see spend, conversions and revenue side by side.",
      },
      {
        type: "feature",
        title: "Daily sync",
        description: "Campaigns and daily metrics are kept up to date automatically.",
      },
      {
        type: "feature",
        title: "14-day free trial",
        description: "Try everything for 14 days, without a credit card.",
      },
    ],
  },
];

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** "3.2.1" → [3, 2, 1]; undefined when the text is not a plain semantic version. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = SEMVER.exec(version);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a is older than b, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) throw new Error(`Not a semantic version: ${left ? b : a}`);
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
}

/** The kind of release that goes from `previous` to `next` (which part of the version grew). */
export function classifyRelease(previous: string, next: string): ReleaseType {
  const [major, minor] = parseVersion(previous) ?? [0, 0, 0];
  const [nextMajor, nextMinor] = parseVersion(next) ?? [0, 0, 0];
  if (nextMajor > major) return "major";
  if (nextMinor > minor) return "minor";
  return "patch";
}
