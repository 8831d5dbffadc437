import {
  Activity,
  BadgeCheck,
  Code2,
  Eye,
  KeyRound,
  Layers,
  type LucideIcon,
  Network,
  PlugZap,
  ShieldCheck,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  Wallet,
  Zap,
} from "lucide-react";

/** The spec's marketing claims, in the landing page's order. */
export const LANDING_STATS = [
  { value: "10,000+", label: "Campaigns managed" },
  { value: "45%", label: "Average ROAS increase" },
  { value: "20+", label: "Hours saved per week" },
  { value: "500+", label: "Agencies trust Adhelm" },
] as const;

/** The trial promises shown under every call to action. */
export const TRIAL_PROMISES = ["14-day free trial", "No credit card required", "Setup in 5 minutes"] as const;

export interface ProductFeature {
  title: string;
  description: string;
  icon: LucideIcon;
  /** How the feature works inside Adhelm, for the features page. */
  howItWorks: readonly string[];
}

/** The six product features the spec names for the landing and features pages. */
export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    title: "AI optimization",
    description:
      "Adhelm learns how each campaign responds to its budget and recommends daily budget changes toward your goal: more conversions or revenue, or a target ROAS or CPA.",
    icon: Sparkles,
    howItWorks: [
      "Learns each campaign's response to spend from its daily history, including conversions that arrive late.",
      "Proposes the budget split with the most predicted conversions or revenue, or the least spend that still meets your target ROAS or CPA, with an 80% interval.",
      "Explains every recommendation; you approve it, or let Adhelm apply it within limits you set.",
    ],
  },
  {
    title: "Multi-platform management",
    description:
      "Run Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns from one dashboard instead of five browser tabs.",
    icon: Layers,
    howItWorks: [
      "Connect each ad account once with the platform's own sign-in; Adhelm never sees your passwords.",
      "Campaigns, budgets and statuses from every platform appear in one list with the same columns.",
      "Pause, resume or change a budget in Adhelm and the change is pushed to the platform for you.",
    ],
  },
  {
    title: "Real-time analytics",
    description:
      "See spend, conversions and revenue from every connected account side by side, refreshed through the day or at once with Sync now.",
    icon: Activity,
    howItWorks: [
      "Syncs every connected account through the day and re-checks recent days as late conversions arrive.",
      "Converts every platform's units into one model, so a dollar of spend means the same everywhere.",
      "Shows each account's figures in its own time zone and currency, never mixing currencies in a total.",
    ],
  },
  {
    title: "Automated campaign rules",
    description:
      "Write a rule once, such as pausing a campaign when cost per acquisition climbs, and let Adhelm check it around the clock.",
    icon: Zap,
    howItWorks: [
      "Build a rule from a condition, a time window and an action: no code and no scripts to maintain.",
      "Preview which campaigns a rule would have touched before you switch it on.",
      "Every change a rule makes is logged with its reason and can be undone in one click.",
    ],
  },
  {
    title: "Cross-platform budget management",
    description:
      "Plan one monthly budget across all your channels and shift spend toward the campaigns that return the most.",
    icon: Wallet,
    howItWorks: [
      "Set a monthly budget for each workspace (a brand or a client), split it by platform or campaign, and follow its pacing.",
      "Get a notification when the month is on course to end clearly over or under budget, with what to spend today.",
      "Apply a recommended budget move in one click, with a before and after to confirm and undo, instead of editing five ad managers.",
    ],
  },
  {
    title: "Advanced performance insights",
    description:
      "Compare results against real orders from Shopify or WooCommerce, so every decision rests on revenue rather than clicks.",
    icon: TrendingUp,
    howItWorks: [
      "Connect your store and Adhelm reads its orders as the source of truth for revenue.",
      "Compare what each platform claims with blended ROAS from real orders, so no conversion counts twice.",
      "Spot the campaigns and platforms that drive profitable growth, with trends over time. Ad- and creative-level reports are coming.",
    ],
  },
];

/** The spec's onboarding story: three steps. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: "Connect your ad platforms",
    description:
      "Sign in to Google Ads, Microsoft Advertising, Meta, TikTok or LinkedIn, and your Shopify or WooCommerce store. Setup takes about five minutes.",
    icon: PlugZap,
  },
  {
    title: "Set your goals",
    description:
      "Choose the KPIs that matter to you, such as a target ROAS or a cost per acquisition, and the budget Adhelm may work with.",
    icon: Target,
  },
  {
    title: "Let the AI optimize",
    description:
      "Adhelm watches every campaign, applies your rules and recommends where the next dollar earns the most, with every change logged.",
    icon: Sparkles,
  },
] as const;

export interface IntegrationTile {
  name: string;
  description: string;
  isComingSoon?: boolean;
}

/** Ad platforms Adhelm manages campaigns on; the spec marks Twitter as coming soon. */
export const AD_PLATFORMS: readonly IntegrationTile[] = [
  { name: "Google Ads", description: "Search, Shopping, Performance Max and YouTube" },
  { name: "Microsoft Advertising", description: "Bing search and the Microsoft network" },
  { name: "Meta", description: "Facebook and Instagram campaigns" },
  { name: "TikTok", description: "Short video campaigns" },
  { name: "LinkedIn", description: "Professional B2B audiences" },
];

/** Stores whose orders Adhelm treats as the source of truth for revenue. */
export const COMMERCE_PLATFORMS: readonly IntegrationTile[] = [
  { name: "Shopify", description: "Orders as your revenue truth" },
  { name: "WooCommerce", description: "Orders as your revenue truth" },
];

export const UPCOMING_PLATFORMS: readonly IntegrationTile[] = [
  { name: "Twitter/X", description: "Promoted posts and trends", isComingSoon: true },
];

/**
 * Illustrative quotes: the people and companies are composites, not named customers, and the
 * landing page says so. Each quote describes only what the product does (docs/claims.md).
 */
export const TESTIMONIALS = [
  {
    quote:
      "We run forty client accounts across Google, Meta and TikTok. Adhelm's rules catch overspend overnight, and the team got back more than twenty hours a week.",
    name: "Sarah Whitfield",
    role: "Head of Paid Media",
    company: "Northlane Digital",
  },
  {
    quote:
      "Connecting Shopify changed the conversation. We read blended ROAS from real orders now, not from what each platform claims, and move budget on that.",
    name: "Marco Bianchi",
    role: "E-commerce Director",
    company: "Verdi Outdoor",
  },
  {
    quote:
      "Reallocating budget used to be a Monday spreadsheet. Now Adhelm proposes the shift with its reasons, and we approve it in a click.",
    name: "Aisha Karim",
    role: "Performance Marketing Lead",
    company: "Brightwell Health",
  },
] as const;

/** The features page's figures (spec §1). */
export const FEATURE_STATS = [
  { value: "94%", label: "Average campaign improvement" },
  { value: "2.3x", label: "ROI increase" },
  { value: "89%", label: "Time saved" },
  { value: "15+", label: "Platforms" },
] as const;

/** The pricing page's FAQ, carrying the spec's facts. */
export const PRICING_FAQ = [
  {
    question: "Is there a free trial?",
    answer:
      "Yes. Every account starts with a 14-day free trial of Professional, and no credit card is required to begin.",
  },
  {
    question: "Can I change my plan later?",
    answer:
      "Yes, upgrade or downgrade whenever you like. Price changes are prorated and take effect immediately, so you only pay for what you use.",
  },
  {
    question: "Which payment methods do you accept?",
    answer: "We accept all major credit and debit cards, including Visa, Mastercard and American Express, and PayPal.",
  },
  {
    question: "Can we pay by invoice?",
    answer:
      "Invoicing is available for Enterprise plans billed annually. Contact our sales team and we will set it up with your finance department.",
  },
  {
    question: "Is there a setup fee?",
    answer: "No. There is no setup fee on any plan; you pay only the plan price.",
  },
  {
    question: "How does yearly billing work?",
    answer:
      "Choose yearly billing to save 20% on the monthly price. You are billed once a year for twelve discounted months.",
  },
] as const;

/** The company figures the spec gives for its company pages. */
export const COMPANY_FACTS = [
  { value: "2022", label: "Founded" },
  { value: "10K+", label: "Active users" },
  { value: "150+", label: "Countries" },
  { value: "99.9%", label: "Uptime SLA" },
] as const;

export const COMPANY_VALUES: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "Revenue over vanity metrics",
    description:
      "We measure success in orders and profit, not clicks. Every feature has to move a real business number.",
    icon: TrendingUp,
  },
  {
    title: "Automation you can audit",
    description: "Every change Adhelm makes is logged with who, what and why, and can be undone. Trust is earned.",
    icon: Eye,
  },
  {
    title: "Privacy by design",
    description: "Platform tokens are encrypted, access is scoped to your team, and your data is never sold or shared.",
    icon: ShieldCheck,
  },
  {
    title: "Built with our customers",
    description: "Marketers and agencies shape our roadmap. We ship in small steps and listen to what they tell us.",
    icon: Users,
  },
];

/** The about page's team: initials avatars, no stock photos. */
export const TEAM_MEMBERS = [
  {
    name: "Maya Lindqvist",
    role: "Co-founder & CEO",
    bio: "Ran paid media for e-commerce brands for a decade before deciding the tools should do the busywork.",
  },
  {
    name: "Daniel Okafor",
    role: "Co-founder & CTO",
    bio: "Built bidding and data pipelines at scale; keeps every connector honest about units and time zones.",
  },
  {
    name: "Priya Raman",
    role: "Head of AI",
    bio: "Leads the models that turn spend and revenue history into budget advice you can check.",
  },
  {
    name: "Lucas Moreau",
    role: "Head of Customer Success",
    bio: "Has onboarded hundreds of agencies and believes setup should take five minutes, not five meetings.",
  },
] as const;

export const COMPANY_TIMELINE = [
  {
    year: "2022",
    title: "Adhelm is founded",
    description:
      "A paid-media marketer and an ad-tech engineer set out to bring every ad platform into one honest dashboard.",
  },
  {
    year: "2023",
    title: "One dashboard for five platforms",
    description:
      "Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn connect in minutes, and automation rules launch.",
  },
  {
    year: "2024",
    title: "AI budget optimization",
    description:
      "Recommendations toward a target ROAS or CPA, with Shopify and WooCommerce orders as revenue truth. Over 10K active users.",
  },
  {
    year: "2025",
    title: "The Developer API",
    description:
      "A versioned REST API with an OpenAPI document, webhooks and a console that sends real requests, trusted by more than 500 agencies.",
  },
] as const;

/** The Developer API page's feature cards. */
export const API_FEATURES: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "RESTful and versioned",
    description: "Predictable JSON over HTTPS under /api/v1, with one error format and stable fields you can build on.",
    icon: Code2,
  },
  {
    title: "Secure authentication",
    description:
      "Authenticate with a bearer API key that sees only your team's data, read-only unless you allow writes, and expires when you choose.",
    icon: KeyRound,
  },
  {
    title: "Every platform, one schema",
    description:
      "Campaigns from Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn share one model; money is in minor units with its currency.",
    icon: Network,
  },
  {
    title: "Limits that fit your plan",
    description:
      "A monthly allowance of API calls on every plan, and RateLimit headers on every answer so your code can pace itself.",
    icon: BadgeCheck,
  },
];

/** The spec's SDK list: four available, two coming soon. */
export const SDKS: ReadonlyArray<{ name: string; isAvailable: boolean }> = [
  { name: "Python", isAvailable: true },
  { name: "Node.js", isAvailable: true },
  { name: "PHP", isAvailable: true },
  { name: "Ruby", isAvailable: true },
  { name: "Java", isAvailable: false },
  { name: "C#", isAvailable: false },
];
