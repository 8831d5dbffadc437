import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { WebhooksScreen } from "#app/components/webhooks/webhooks-screen.tsx";
import type { WebhooksActionResult } from "#app/components/webhooks/webhooks-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "webhooks");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const viewer = await requireViewerContext(request, context);
  const actor = actorOf(viewer);
  const endpoints = await services.webhooks.listWebhookEndpoints(actor);
  const logs = await Promise.all(
    endpoints.map((endpoint) => services.webhooks.listWebhookDeliveries(actor, endpoint.id)),
  );
  return {
    endpoints: endpoints.map((endpoint, index) => ({ ...endpoint, deliveries: logs[index] ?? [] })),
    canManage: can(actor, "webhooks.manage"),
    now: new Date().toISOString(),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

// The endpoint's own fields are checked by the use case with the form's schema.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: z.unknown() }),
  z.object({ intent: z.literal("update"), endpointId: z.string().min(1), values: z.unknown() }),
  z.object({ intent: z.literal("enable"), endpointId: z.string().min(1), isEnabled: z.boolean() }),
  z.object({ intent: z.literal("delete"), endpointId: z.string().min(1) }),
  z.object({ intent: z.literal("rotate"), endpointId: z.string().min(1) }),
  z.object({ intent: z.literal("test"), endpointId: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 rather than redirected.
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    switch (input.intent) {
      case "create": {
        const created = await services.webhooks.createWebhookEndpoint(actor, input.values);
        return { ok: true, intent: "create", ...created } satisfies WebhooksActionResult;
      }
      case "update": {
        const endpoint = await services.webhooks.updateWebhookEndpoint(actor, input);
        return { ok: true, intent: "update", endpoint } satisfies WebhooksActionResult;
      }
      case "enable": {
        const endpoint = await services.webhooks.setWebhookEndpointEnabled(actor, input);
        return { ok: true, intent: "enable", endpoint } satisfies WebhooksActionResult;
      }
      case "delete": {
        await services.webhooks.deleteWebhookEndpoint(actor, input.endpointId);
        return { ok: true, intent: "delete", endpointId: input.endpointId } satisfies WebhooksActionResult;
      }
      case "rotate": {
        const rotated = await services.webhooks.rotateWebhookSecret(actor, input.endpointId);
        return { ok: true, intent: "rotate", ...rotated } satisfies WebhooksActionResult;
      }
      case "test": {
        const result = await services.webhooks.sendTestWebhook(actor, input.endpointId);
        return { ok: true, intent: "test", result } satisfies WebhooksActionResult;
      }
    }
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "webhooks action failed"), t);
  }
}

export default function WebhooksRoute({ loaderData }: Route.ComponentProps) {
  return <WebhooksScreen {...loaderData} />;
}
