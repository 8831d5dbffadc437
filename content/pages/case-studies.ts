// Copy for /case-studies. These stories are illustrative: composites of situations our customers
// describe, not accounts of named companies. The page says so in plain words.

export interface CaseStudy {
  id: string;
  title: string;
  /** Who, described rather than named. */
  customer: string;
  industry: string;
  platforms: readonly string[];
  problem: string;
  approach: readonly string[];
  results: readonly { value: string; label: string }[];
  quote: string;
  quoteBy: string;
}

export const CASE_STUDIES: readonly CaseStudy[] = [
  {
    id: "outdoor-store",
    title: "An outdoor gear store stops arguing with its dashboards",
    customer: "Online outdoor equipment store, team of four marketers",
    industry: "E-commerce",
    platforms: ["Google Ads", "Meta", "TikTok", "Shopify"],
    problem:
      "Google Ads, Meta and TikTok together claimed about 1.7 times the revenue the Shopify store actually recorded. Every monthly budget meeting turned into a debate about which platform to believe, and budget followed whoever argued best.",
    approach: [
      "Connected all three ad platforms and the Shopify store, and put blended ROAS at the top of the dashboard.",
      "Agreed on one ROAS definition with a 7-day click window and set a target of 3.0 as a goal across platforms.",
      "Raised TikTok's budget by 20 percent for three weeks while holding the others steady, and read the effect on store revenue.",
    ],
    results: [
      { value: "+18%", label: "blended ROAS over the next quarter" },
      { value: "1 number", label: "the whole team plans from" },
      { value: "2 hours", label: "saved on each monthly review" },
    ],
    quote:
      "We used to spend the first hour of every budget meeting arguing about numbers. Now we start from what the store sold and get on with it.",
    quoteBy: "Head of e-commerce",
  },
  {
    id: "performance-agency",
    title: "A performance agency puts 30 clients on autopilot, safely",
    customer: "Independent performance agency managing 30 client accounts",
    industry: "Agency",
    platforms: ["Google Ads", "Microsoft Advertising", "Meta", "LinkedIn"],
    problem:
      "Account managers checked every client's spend by hand each morning. Overspend was still found days late, and a rule set up directly in one ad platform once paused a client's best campaign over a weekend.",
    approach: [
      "Moved each client into its own Adhelm workspace, with analysts and managers given the right roles.",
      "Rolled out five rule templates (spend spike, stalled ad set, CPA guard, scale winners, pacing guard) in notify-only mode for two weeks, then switched on the actions.",
      "Used each rule's dry run before launch and reviewed the change log with clients every month.",
    ],
    results: [
      { value: "20+ hours", label: "of manual checks saved each week" },
      { value: "0", label: "month-end budget overruns in six months" },
      { value: "30", label: "client workspaces on one set of guardrails" },
    ],
    quote:
      "The change log won our clients over. When a budget moves, they can see which rule moved it, why, and how to undo it.",
    quoteBy: "Agency founder",
  },
  {
    id: "b2b-software",
    title: "A B2B software company finds its real cost per opportunity",
    customer: "Software company selling to finance teams, marketing team of six",
    industry: "B2B software",
    platforms: ["LinkedIn", "Google Ads", "Microsoft Advertising"],
    problem:
      "LinkedIn brought in the cheapest leads on paper, so it kept getting more budget. Sales, however, said most of those leads never turned into conversations, and nobody could compare the channels on anything later than the form fill.",
    approach: [
      "Uploaded qualified opportunities from the CRM as offline conversions, and set a target cost per qualified lead as a goal.",
      "Allowed for conversion lag by judging campaigns on a 14-day settled window instead of the last week.",
      "Added qualifying questions to LinkedIn lead forms and moved part of the budget to Microsoft Advertising search.",
    ],
    results: [
      { value: "-31%", label: "cost per qualified opportunity" },
      { value: "2.3x", label: "share of leads sales accepted" },
      { value: "3", label: "platforms compared on one later-stage goal" },
    ],
    quote:
      "Once we measured every channel on opportunities instead of form fills, the budget split almost decided itself.",
    quoteBy: "Director of demand generation",
  },
  {
    id: "woocommerce-brand",
    title: "A WooCommerce brand keeps its pace through the holiday season",
    customer: "Independent home goods brand selling through WooCommerce",
    industry: "E-commerce",
    platforms: ["Meta", "Google Ads", "WooCommerce"],
    problem:
      "Every November, Meta budgets ran ahead of plan in the first two weeks, leaving too little for the days that mattered most. The team found out each time from the invoice.",
    approach: [
      "Built a monthly budget plan per platform with Black Friday week weighted at three times a normal week.",
      "Set up a pacing alert and a pacing guard rule that trims daily budgets by at most 20 percent a day.",
      "Connected WooCommerce so net revenue after refunds, not platform revenue, decided where leftover budget went.",
    ],
    results: [
      { value: "±4%", label: "final spend against the November plan" },
      { value: "+12%", label: "revenue in the peak week on the same budget" },
      { value: "15 min", label: "weekly pacing review, down from an afternoon" },
    ],
    quote:
      "For the first time, we had money left for the days that actually sell, because we saw the drift in week one.",
    quoteBy: "Marketing lead",
  },
];
