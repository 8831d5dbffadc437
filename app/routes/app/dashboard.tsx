import { ArrowRight, BarChart3, DollarSign, Plug } from "lucide-react";
import { Link } from "react-router";
import { getDashboardSummary } from "../../../core/dashboard/get-dashboard-summary.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { appContext } from "../../lib/app-context.ts";
import { formatMoney } from "../../lib/money.ts";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import { requireViewerContext, toViewer } from "../../lib/session.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Dashboard",
    description: "Your campaigns across every ad platform.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

const NEXT_STEPS = [
  {
    to: "/integrations",
    title: "Connect your ad platforms",
    description: "Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn.",
  },
  { to: "/getting-started", title: "Set your goals", description: "A target ROAS or CPA and a monthly budget." },
  {
    to: "/account/profile",
    title: "Complete your profile",
    description: "Your company, role, time zone and currency.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewerContext = await requireViewerContext(request, context);
  const { email, name, firstName } = toViewer(viewerContext);
  const { profile, organization } = viewerContext;
  const { services } = context.get(appContext);
  const summary = await getDashboardSummary(services, {
    organizationId: organization.organizationId,
    timeZone: profile?.timezone ?? "UTC",
    currency: profile?.currency ?? "USD",
    // The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo.
    now: await services.adsClock.now(),
  });
  // The spec's three cards: zero until platforms are connected and synced.
  const cards = [
    { title: "Campaigns", values: [String(summary.campaigns)], hint: "Managed across your ad accounts" },
    {
      title: "Total Spend",
      values: summary.totalSpend.map((total) => formatMoney(total.amountMinor, total.currency)),
      hint: "Last 30 days",
    },
    { title: "Platforms", values: [String(summary.platforms)], hint: "Connected" },
  ];
  return {
    cards,
    profile: { email, name, firstName, companyName: profile?.companyName ?? null, role: profile?.role ?? "admin" },
  };
}

const CARD_ICONS: Record<string, typeof BarChart3> = {
  Campaigns: BarChart3,
  "Total Spend": DollarSign,
  Platforms: Plug,
};

const ROLE_LABELS: Record<string, string> = {
  admin: "Admin",
  manager: "Manager",
  analyst: "Analyst",
  viewer: "Viewer",
};

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { profile, cards } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
          {profile.firstName ? `Welcome, ${profile.firstName}` : "Welcome"}
        </h1>
        <p className="mt-1 text-muted-foreground">Here is how your advertising is doing across every platform.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <SummaryCard key={card.title} {...card} />
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your profile</CardTitle>
          <CardDescription>
            <Link to="/account/profile" className="text-primary underline-offset-4 hover:underline">
              Edit profile
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <ProfileFact label="Email" value={profile.email} />
            <ProfileFact label="Name" value={profile.name} />
            {profile.companyName ? <ProfileFact label="Company" value={profile.companyName} /> : null}
            <ProfileFact label="Role" value={ROLE_LABELS[profile.role] ?? profile.role} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Next steps</CardTitle>
          <CardDescription>Get Adhelm working for you in a few minutes.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="divide-y">
            {NEXT_STEPS.map((step, index) => (
              <li key={step.to} className="flex flex-wrap items-center gap-4 py-3 first:pt-0 last:pb-0">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-sm tabular-nums">
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{step.title}</p>
                  <p className="text-muted-foreground text-sm">{step.description}</p>
                </div>
                <Button variant="outline" size="sm" asChild>
                  <Link to={step.to}>
                    Start <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

/** One of the three cards; amounts in several currencies are listed, never added up. */
function SummaryCard({ title, values, hint }: { title: string; values: string[]; hint: string }) {
  const Icon = CARD_ICONS[title] ?? BarChart3;
  const [first, ...others] = values;
  return (
    <Card role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardDescription>{title}</CardDescription>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="font-semibold text-3xl tabular-nums">{first}</p>
        {others.map((value) => (
          <p key={value} className="font-medium text-lg text-muted-foreground tabular-nums">
            {value}
          </p>
        ))}
        <p className="mt-1 text-muted-foreground text-xs">{hint}</p>
      </CardContent>
    </Card>
  );
}

function ProfileFact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}
