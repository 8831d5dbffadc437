/** An open position on /careers (the spec's job fields, plus the slug its Apply Now link carries). */
export interface JobOpening {
  slug: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  description: string;
  requirements: string[];
}

export const JOB_OPENINGS: readonly JobOpening[] = [
  {
    slug: "senior-full-stack-engineer",
    title: "Senior Full-Stack Engineer",
    department: "Engineering",
    location: "Remote (Europe)",
    type: "Full-time",
    experience: "5+ years",
    description:
      "Build the screens marketers live in every day, from the campaign dashboard to the rules editor, in TypeScript from the database to the browser.",
    requirements: [
      "Five or more years building web products in TypeScript or JavaScript",
      "Comfort across React, Node.js and SQL, and care for accessible, fast interfaces",
      "A habit of shipping small, tested changes and talking with the people who use them",
    ],
  },
  {
    slug: "machine-learning-engineer",
    title: "Machine Learning Engineer",
    department: "Data & AI",
    location: "Remote (Europe or US East)",
    type: "Full-time",
    experience: "4+ years",
    description:
      "Improve the models that shift budget between campaigns and platforms, and make every recommendation explainable to the marketer who approves it.",
    requirements: [
      "Four or more years putting models into production, ideally forecasting or bandits",
      "Solid Python and statistics, and the judgement to prefer a simple model that works",
      "Interest in advertising data: attribution, seasonality and delayed conversions",
    ],
  },
  {
    slug: "integrations-engineer",
    title: "Ad Platform Integrations Engineer",
    department: "Engineering",
    location: "Remote (Europe)",
    type: "Full-time",
    experience: "3+ years",
    description:
      "Own our connectors to Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn: OAuth, sync, rate limits and every quirk of their APIs.",
    requirements: [
      "Three or more years integrating third-party APIs at scale",
      "Experience with OAuth 2.0, retries and idempotent data pipelines",
      "Patience for reading API changelogs, and the discipline to test against them",
    ],
  },
  {
    slug: "product-designer",
    title: "Senior Product Designer",
    department: "Design",
    location: "Remote (Europe)",
    type: "Full-time",
    experience: "5+ years",
    description:
      "Turn dense performance data into clear decisions: dashboards, budget planning and the moments where a marketer says yes or no to the AI.",
    requirements: [
      "Five or more years designing B2B or data-heavy products",
      "A portfolio that shows research, systems thinking and shipped work",
      "Fluency in Figma and enough front-end knowledge to talk tokens and states with engineers",
    ],
  },
  {
    slug: "customer-success-manager",
    title: "Customer Success Manager, Agencies",
    department: "Customer Success",
    location: "London or remote (UK)",
    type: "Full-time",
    experience: "3+ years",
    description:
      "Help agencies onboard their clients, set goals that matter and get measurable results from Adhelm in their first month.",
    requirements: [
      "Three or more years in customer success or account management at an agency or ad-tech company",
      "Hands-on experience running paid campaigns on at least two major platforms",
      "Clear writing and a calm way with busy, demanding customers",
    ],
  },
  {
    slug: "growth-marketing-manager",
    title: "Growth Marketing Manager",
    department: "Marketing",
    location: "Remote (US and Canada)",
    type: "Full-time",
    experience: "4+ years",
    description:
      "Run Adhelm's own acquisition across search, social and content, using our product on ourselves and sharing what we learn.",
    requirements: [
      "Four or more years in B2B growth or performance marketing",
      "A record of owning budgets and reporting honestly on return on ad spend",
      "Curiosity about experiments, and the rigour to read their results",
    ],
  },
];

export function findJobOpening(slug: string | null | undefined): JobOpening | undefined {
  return JOB_OPENINGS.find((opening) => opening.slug === slug);
}
