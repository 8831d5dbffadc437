import { Link } from "react-router";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { StartTrialButton } from "../../components/marketing/start-trial-button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/api";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Developer API",
    description:
      "Build on Adhelm: read campaign performance, manage budgets and automate reporting across your ad platforms with the Adhelm Developer API and SDKs.",
    path: "/api",
    appUrl: appUrlFrom(matches),
  });

/** The spec's SDK list: four available, two coming soon. */
const SDKS: ReadonlyArray<{ name: string; isAvailable: boolean }> = [
  { name: "Python", isAvailable: true },
  { name: "Node.js", isAvailable: true },
  { name: "PHP", isAvailable: true },
  { name: "Ruby", isAvailable: true },
  { name: "Java", isAvailable: false },
  { name: "C#", isAvailable: false },
];

export default function ApiPage() {
  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="The Adhelm Developer API"
        lead="Read campaign performance, adjust budgets and automate reporting across every connected ad platform from your own code, through one consistent API."
      >
        <StartTrialButton />
        <Button size="lg" variant="outline" asChild>
          <Link to="/pricing">View pricing</Link>
        </Button>
      </PageHero>

      <section aria-labelledby="sdks-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="sdks-heading" className="text-balance font-bold text-3xl tracking-tight">
            SDKs for the languages you use
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-pretty text-muted-foreground">
            Official client libraries wrap the API in the language your team already writes, so you can start with a few
            lines of code.
          </p>
          <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {SDKS.map((sdk) => (
              <li
                key={sdk.name}
                className="flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-5 text-card-foreground"
              >
                <span className="font-semibold">{sdk.name}</span>
                <Badge variant={sdk.isAvailable ? "secondary" : "outline"}>
                  {sdk.isAvailable ? "Available" : "Coming soon"}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
