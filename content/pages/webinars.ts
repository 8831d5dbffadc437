// Copy for /webinars. The page sorts sessions into upcoming and on demand by date, so a session
// moves to "on demand" on its own once it has taken place.

export const WEBINARS_EMAIL = "webinars@adhelm.com";

export interface Webinar {
  id: string;
  title: string;
  /** Start, ISO 8601 in UTC. */
  startsAt: string;
  durationMinutes: number;
  level: "Beginner" | "Intermediate" | "Advanced";
  hosts: string;
  summary: string;
  topics: readonly string[];
}

export const WEBINARS: readonly Webinar[] = [
  {
    id: "first-week",
    title: "Your first week with Adhelm",
    startsAt: "2026-12-08T16:00:00Z",
    durationMinutes: 45,
    level: "Beginner",
    hosts: "Jonas Whitfield, Customer Success Lead",
    summary:
      "A guided tour for new customers and trial users: from an empty workspace to a dashboard you trust, in one session.",
    topics: [
      "Connecting your first ad platforms and choosing which accounts to follow",
      "Setting your time zone, currency and first goal",
      "Reading the dashboard, and what to check before changing anything",
    ],
  },
  {
    id: "budget-plans-2027",
    title: "Planning 2027 budgets across platforms",
    startsAt: "2027-01-12T16:00:00Z",
    durationMinutes: 60,
    level: "Intermediate",
    hosts: "Theo Brandt, Paid Media Lead",
    summary: "How to turn last year's results into a monthly plan per platform, and keep it on pace all year.",
    topics: [
      "Using last year's blended ROAS to set this year's total",
      "Weighting busy days and seasons in a budget plan",
      "Pacing alerts and rules that catch drift between reviews",
    ],
  },
  {
    id: "rules-guardrails",
    title: "Automation rules with guardrails",
    startsAt: "2027-02-09T16:00:00Z",
    durationMinutes: 60,
    level: "Advanced",
    hosts: "Priya Raman, Product Manager",
    summary:
      "Build rules that save hours without surprises, with live examples and a look at each rule's dry run and change log.",
    topics: [
      "Minimum data, settled windows, caps, floors and cool-downs",
      "Testing a rule with a dry run before switching it on",
      "When to use rules and when to use AI recommendations",
    ],
  },
  {
    id: "blended-roas-stores",
    title: "Blended ROAS for Shopify and WooCommerce stores",
    startsAt: "2026-10-20T16:00:00Z",
    durationMinutes: 45,
    level: "Intermediate",
    hosts: "Nora Castellanos, Head of Measurement",
    summary:
      "Why your store's orders are the best judge of your ads, and how to set a blended ROAS floor from your margins.",
    topics: [
      "Gross or net revenue, taxes and shipping: choosing a definition",
      "Measuring how much the platforms over-attribute",
      "Using blended and platform ROAS together in monthly planning",
    ],
  },
  {
    id: "tiktok-linkedin",
    title: "TikTok and LinkedIn for performance teams",
    startsAt: "2026-09-08T16:00:00Z",
    durationMinutes: 60,
    level: "Intermediate",
    hosts: "Theo Brandt and Jonas Whitfield",
    summary:
      "Two platforms that reward patience: creative and learning on TikTok, audience size and lead quality on LinkedIn.",
    topics: [
      "Creative fatigue alerts and the learning phase on TikTok",
      "Sizing LinkedIn audiences for your budget",
      "Judging both platforms by what they add to total revenue",
    ],
  },
  {
    id: "api-reporting",
    title: "Automated reporting with the Adhelm API",
    startsAt: "2026-06-16T15:00:00Z",
    durationMinutes: 45,
    level: "Advanced",
    hosts: "Adhelm engineering team",
    summary: "From an API key to a daily report in your own tools, with the Python SDK and plain HTTP.",
    topics: [
      "Creating and protecting API keys",
      "Listing campaigns and reading their metrics",
      "Handling rate limits and errors in scheduled jobs",
    ],
  },
];
