import { ApiReferenceScreen } from "#app/components/api/api-reference-screen.tsx";
import { buildApiReference } from "#app/components/api/openapi-reference.ts";
import { appContext } from "#app/lib/app-context.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { PLANS } from "#core/billing/plan-catalog.ts";
import { IDEMPOTENCY_KEY_TTL_MS } from "#core/public-api/idempotent-request.ts";
import type { Route } from "./+types/api-reference";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "API reference",
    description:
      "Every endpoint of the Adhelm API v1 with its parameters, schemas and examples, authentication, errors, idempotency, rate limits and pagination, and a console to send real requests.",
    path: "/api/reference",
    appUrl: appUrlFrom(matches),
  });

const HOUR_MS = 60 * 60 * 1000;

/**
 * Built from the live OpenAPI document on each request, so the page cannot drift from the API.
 * It hydrates (no staticPage handle): the consoles need React in the browser.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { services, env, publicEnv } = context.get(appContext);
  return {
    reference: buildApiReference(services.publicApi.openApiDocument()),
    baseUrl: publicEnv.APP_URL,
    openApiPath: "/api/v1/openapi.json",
    limits: {
      perKeyPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
      plans: PLANS.map((plan) => ({ name: plan.name, callsPerMonth: plan.limits.apiCallsPerMonth })),
      idempotencyHours: IDEMPOTENCY_KEY_TTL_MS / HOUR_MS,
    },
  };
}

export default function ApiReferenceRoute({ loaderData }: Route.ComponentProps) {
  return <ApiReferenceScreen {...loaderData} />;
}
