import {
  BookOpen,
  Eye,
  Globe,
  HeartHandshake,
  HeartPulse,
  Laptop,
  type LucideIcon,
  Palmtree,
  PiggyBank,
  Rocket,
  ShieldCheck,
} from "lucide-react";

export const BENEFITS: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "Remote-first",
    description:
      "Work from where you do your best work, with core hours that overlap your team's, and meet everyone in person twice a year.",
    icon: Globe,
  },
  {
    title: "Fair pay and equity",
    description:
      "Salaries benchmarked by role and level, published bands inside the company, and stock options for everyone.",
    icon: PiggyBank,
  },
  {
    title: "Health and wellbeing",
    description: "Private health cover for you and your family where you live, and a monthly wellbeing allowance.",
    icon: HeartPulse,
  },
  {
    title: "Time to recharge",
    description: "Thirty days of paid leave plus public holidays, and we make sure people actually take them.",
    icon: Palmtree,
  },
  {
    title: "Learning budget",
    description: "A yearly budget for courses, books and conferences, and time in the week to use it.",
    icon: BookOpen,
  },
  {
    title: "Equipment you choose",
    description: "A laptop of your choice and a home-office budget for a desk, a chair and a good screen.",
    icon: Laptop,
  },
];

export const VALUES: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "Every budget is real money",
    description:
      "Our customers trust us with their ad spend. We treat each change we make to it as if it came out of our own pocket.",
    icon: ShieldCheck,
  },
  {
    title: "Explain, don't hide",
    description:
      "Automation earns trust when people can see why it acted. Every recommendation we ship comes with its reasons.",
    icon: Eye,
  },
  {
    title: "Small steps, shipped often",
    description:
      "We prefer a small improvement in customers' hands this week to a big one that waits for next quarter.",
    icon: Rocket,
  },
  {
    title: "Kind and direct",
    description: "We say what we think, listen to what we hear, and assume good intent from colleagues and customers.",
    icon: HeartHandshake,
  },
];
