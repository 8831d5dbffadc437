import { BookOpen, FileCode, Mail, TriangleAlert } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { TryResult } from "#app/components/api/try-it-types.ts";
import { toTryItView, toTryResult } from "#app/components/api/try-it-view.ts";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { ApiEndpointCard } from "#app/components/marketing/api-endpoint-card.tsx";
import { CodeBlock } from "#app/components/marketing/code-block.tsx";
import { IconCardGrid } from "#app/components/marketing/feature-grid.tsx";
import { IconCardHeader } from "#app/components/marketing/icon-card-header.tsx";
import { McpSection } from "#app/components/marketing/mcp-section.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { StartTrialButton } from "#app/components/marketing/start-trial-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { API_ENDPOINTS, buildPythonQuickStart } from "#app/lib/api-examples.ts";
import { appContext } from "#app/lib/app-context.ts";
import { cn } from "#app/lib/cn.ts";
import { API_SUPPORT_EMAIL } from "#app/lib/contact-addresses.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { API_FEATURES, SDKS } from "#app/lib/marketing-content.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { staticPage } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { can } from "#core/access/permissions.ts";
import { TRY_ENDPOINT_IDS } from "#core/api-keys/try-api-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/api";

// No React in the browser: an example is a native <details>, and a live Try it is a plain form
// post whose answer this page renders under its endpoint.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Developer API",
    description:
      "Build on Adhelm: read campaign performance, manage budgets and automate reporting across your ad platforms with the Adhelm Developer API and SDKs.",
    path: "/api",
    appUrl: appUrlFrom(matches),
  });

const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

const SIGN_IN_NOTE = {
  text: "Sign in and create an API key to run this against your own data.",
  href: "/login?redirectTo=%2Fsettings%2Fapi-keys",
};
const CREATE_KEY_NOTE = {
  text: "Create an API key to run this against your own data.",
  href: "/settings/api-keys",
};

// The public site is in English; the role's name as the team page shows it in English.
const ROLE_NAMES: Record<string, string> = {
  owner: "Owner",
  admin: "Admin",
  manager: "Manager",
  analyst: "Analyst",
  viewer: "Viewer",
};

/** A member whose role may not run Try it (it writes as one of the team's keys) is told why, not sent to create a key. */
const roleNote = (role: string) => ({
  text: `Your role (${ROLE_NAMES[role] ?? role}) can't run Try it against your team's data: it takes a manager or an admin. Ask an admin.`,
  href: "/settings/team",
});

/** Anonymous visitors get the examples; a member whose team has an active key gets live Try it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return { isSignedIn: false, tryIt: null, roleNote: null };
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const plans = await services.apiKeys.planApiTries(actor);
  return {
    isSignedIn: true,
    tryIt: plans ? toTryItView(plans) : null,
    roleNote: can(actor, "api_keys.manage") ? null : roleNote(viewer.organization.role),
  };
}

const tryFormSchema = z.object({ endpoint: z.enum(TRY_ENDPOINT_IDS), token: z.uuid() });

/** A Try it: runs the endpoint's call through the real API as the member's organization. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) throw redirect("/login?redirectTo=%2Fapi");
  const parsed = tryFormSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data({ tryResult: null }, { status: 400 });
  const { services } = context.get(appContext);
  try {
    const outcome = await services.apiKeys.tryApiRequest(actorOf(viewer), {
      endpointId: parsed.data.endpoint,
      token: parsed.data.token,
    });
    return { tryResult: toTryResult(outcome) };
  } catch (error) {
    // A page loaded before the member's role changed still posts: the refusal is the page's answer, not a crash.
    if (!(error instanceof AppError) || error.code !== "forbidden") throw error;
    return data(
      { tryResult: { endpointId: parsed.data.endpoint, problem: error.message } satisfies TryResult },
      { status: 403 },
    );
  }
}

const QUICK_START_STEPS = [
  "Create an API key in your team's settings.",
  "Store it in the ADHELM_API_KEY environment variable and install requests.",
  "Run the script to list your active campaigns with their ROI.",
] as const;

export default function ApiPage({ loaderData, actionData }: Route.ComponentProps) {
  // Examples call the site's own origin, where the API lives under /api/v1.
  const baseUrl = useRootData()?.appUrl ?? "";
  const { tryIt, isSignedIn, roleNote } = loaderData;
  const tryResult = actionData?.tryResult ?? null;
  // A refused Try it has no live card to show it under (the role runs none): it shows above them.
  const refusal = !tryIt && tryResult && "problem" in tryResult ? tryResult.problem : null;

  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="The Adhelm Developer API"
        lead="Read campaign performance, adjust budgets and automate reporting across every connected ad platform from your own code, through one consistent API."
      >
        <StartTrialButton />
        <Button size="lg" variant="outline" asChild>
          <Link to="/api/reference">
            <FileCode aria-hidden="true" />
            API reference
          </Link>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <a href="#quick-start">Quick start</a>
        </Button>
      </PageHero>

      <section aria-labelledby="api-features-heading" className="py-20 sm:py-28">
        <div className={CONTAINER}>
          <SectionHeading
            id="api-features-heading"
            eyebrow="Why build on Adhelm"
            title="One API for every ad platform"
            lead="Skip five platform APIs with five auth flows and five sets of units. Adhelm gives you one."
          />
          <IconCardGrid items={API_FEATURES} className="mt-14 lg:grid-cols-4" />
        </div>
      </section>

      <section aria-labelledby="endpoints-heading" className="border-y bg-muted/30 py-20 sm:py-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="endpoints-heading"
            eyebrow="Endpoints"
            title="Campaigns and their metrics"
            lead={
              <>
                Authenticate every request with a bearer API key,{" "}
                <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 font-mono text-base text-foreground">
                  Authorization: Bearer &lt;key&gt;
                </code>
                . A key sees only its own team's data.
              </>
            }
          />
          <div className="mt-14 grid gap-4">
            {refusal ? (
              <p
                id="try-it-refusal"
                role="alert"
                className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-destructive text-sm"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {refusal}
              </p>
            ) : null}
            {API_ENDPOINTS.map((endpoint) => {
              const plan = tryIt?.plans[endpoint.id as keyof typeof tryIt.plans];
              return (
                <ApiEndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  baseUrl={baseUrl}
                  live={
                    tryIt && plan
                      ? {
                          plan,
                          token: tryIt.token,
                          result: tryResult?.endpointId === endpoint.id ? tryResult : null,
                        }
                      : null
                  }
                  exampleNote={roleNote ?? (isSignedIn ? CREATE_KEY_NOTE : SIGN_IN_NOTE)}
                />
              );
            })}
          </div>
          <div className="mt-8 flex flex-col items-center gap-3 text-center">
            <p className="text-muted-foreground text-sm">
              Every parameter, schema and error, with a console that sends real requests.
            </p>
            <Button variant="outline" asChild>
              <Link to="/api/reference">
                <FileCode aria-hidden="true" />
                API reference
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <McpSection baseUrl={baseUrl} />

      <section aria-labelledby="sdks-heading" className="border-t py-20 sm:py-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="sdks-heading"
            eyebrow="SDKs"
            title="SDKs for the languages you use"
            lead="The API is described by an OpenAPI 3.1 document at /api/v1/openapi.json, so any HTTP client works, or a client generated from that document."
          />
          <ul className="mt-14 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {SDKS.map((sdk) => (
              <li
                key={sdk.name}
                className={cn(
                  "flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-6 text-card-foreground shadow-sm",
                  !sdk.isAvailable && "border-dashed shadow-none",
                )}
              >
                <span className="font-semibold text-lg">{sdk.name}</span>
                <Badge variant={sdk.isAvailable ? "secondary" : "outline"}>
                  {sdk.isAvailable ? "Available" : "Coming soon"}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="quick-start" aria-labelledby="quick-start-heading" className="scroll-mt-16 pb-20 sm:pb-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="quick-start-heading"
            eyebrow="Quick start"
            title="Your first call in Python"
            lead="Three steps from an API key to every active campaign with its ROI."
          />
          <ol className="mt-12 grid gap-4 sm:grid-cols-3">
            {QUICK_START_STEPS.map((step, index) => (
              <li
                key={step}
                className="flex gap-3 rounded-xl border bg-card p-4 text-card-foreground text-sm shadow-sm"
              >
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs">
                  {index + 1}
                </span>
                <span className="text-pretty">{step}</span>
              </li>
            ))}
          </ol>
          <div className="mt-6 overflow-hidden rounded-xl border bg-card shadow-sm">
            <div className="flex items-center justify-between border-b px-4 py-2.5 text-muted-foreground text-xs">
              <span className="font-mono">quickstart.py</span>
              <span>Python 3</span>
            </div>
            <CodeBlock
              label="Python quick start"
              code={buildPythonQuickStart(baseUrl)}
              className="rounded-none border-0"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="support-heading" className="border-t bg-muted/30 py-20 sm:py-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="support-heading"
            eyebrow="Support"
            title="Developers helping developers"
            lead="Stuck on an integration or planning something big? Our engineers answer developer questions themselves."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2">
            <li className="flex">
              <Card className="w-full">
                <IconCardHeader
                  icon={Mail}
                  title="Developer support"
                  description="Write to the engineers behind the API. Include the request id from the response headers and we can trace the call."
                />
                <div className="mt-auto px-6">
                  <Button variant="outline" asChild>
                    <a href={`mailto:${API_SUPPORT_EMAIL}`}>{API_SUPPORT_EMAIL}</a>
                  </Button>
                </div>
              </Card>
            </li>
            <li className="flex">
              <Card className="w-full">
                <IconCardHeader
                  icon={BookOpen}
                  title="Documentation"
                  description="Guides, authentication, pagination, errors and rate limits: everything to build a reliable integration."
                />
                <div className="mt-auto px-6">
                  <Button variant="outline" asChild>
                    <Link to="/docs">Read the documentation</Link>
                  </Button>
                </div>
              </Card>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
