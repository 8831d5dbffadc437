import { data } from "react-router";
import { z } from "zod";
import { billingRefusalMessage, refusedLimit } from "#app/components/billing/billing-refusal.ts";
import { translateConnectionMessage } from "#app/components/integrations/connection-messages.ts";
import { IntegrationsScreen } from "#app/components/integrations/integrations-screen.tsx";
import type { IntegrationsActionResult, PlanLimitNotice } from "#app/components/integrations/integrations-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readFormData } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { findPlan } from "#core/billing/plan-catalog.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "integrations");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** Anonymous visitors see the same catalogue; Connect sends them to sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientAddress } = context.get(appContext);
  const viewer = await getViewerContextFor(request, context);
  const cards = viewer
    ? await services.connections.listIntegrations(actorOf(viewer))
    : await services.connections.browseIntegrations({ kind: "visitor", clientAddress });
  const query = new URL(request.url).searchParams;
  const choose = query.get("choose");
  const chooseConnectionId = cards.some((card) => card.connection?.id === choose) ? choose : null;
  return {
    cards,
    isSignedIn: viewer !== null,
    // The account picker opens for a connection that just came back from its consent screen.
    chooseConnectionId,
    planLimitNotice: chooseConnectionId ? planLimitNoticeOf(query) : null,
    now: new Date().toISOString(),
    timeZone: viewer?.profile?.timezone ?? "UTC",
  };
}

/**
 * The callback's word that some accounts were left unmanaged (`unmanaged`, `plan`): only a known
 * plan's name and limit are shown, whatever the address says.
 */
function planLimitNoticeOf(query: URLSearchParams): PlanLimitNotice | null {
  const unmanaged = Number(query.get("unmanaged"));
  const plan = findPlan(query.get("plan") ?? "");
  const allowed = plan?.limits.adAccounts ?? null;
  if (!plan || allowed === null || !Number.isInteger(unmanaged) || unmanaged < 1 || unmanaged > 10_000) return null;
  return { unmanaged, plan: plan.name, allowed };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("choose-accounts"),
    connectionId: z.string().min(1),
    adAccountIds: z.array(z.string().min(1)).max(500),
    isFirstChoice: z.enum(["true", "false"]).default("false"),
  }),
  z.object({ intent: z.literal("sync-now"), connectionId: z.string().min(1) }),
  z.object({ intent: z.literal("disconnect"), connectionId: z.string().min(1), data: z.enum(["keep", "delete"]) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const viewer = await requireViewerContext(request, context);
  const actor = actorOf(viewer);
  const t = await translatorFor(request, context);
  const form = await readFormData(request);
  const parsed = actionSchema.safeParse({
    ...Object.fromEntries(form),
    adAccountIds: form.getAll("adAccountIds"),
  });
  if (!parsed.success)
    return data<IntegrationsActionResult>(
      {
        ok: false,
        toast: {
          kind: "error",
          title: t("integrations:toasts.invalidTitle"),
          description: t("integrations:toasts.invalidDescription"),
        },
      },
      { status: 400 },
    );
  const input = parsed.data;
  try {
    if (input.intent === "choose-accounts") {
      const { managed } = await services.connections.chooseAdAccounts(actor, {
        connectionId: input.connectionId,
        adAccountIds: input.adAccountIds,
      });
      return data<IntegrationsActionResult>({
        ok: true,
        intent: input.intent,
        toast: {
          kind: "success",
          title:
            input.isFirstChoice === "true"
              ? t("integrations:toasts.connected")
              : t("integrations:toasts.accountsUpdated"),
          description: t("integrations:toasts.managed", { count: managed }),
        },
      });
    }
    if (input.intent === "sync-now") {
      const { isQueued } = await services.connections.syncNow(actor, { connectionId: input.connectionId });
      return data<IntegrationsActionResult>({
        ok: true,
        intent: input.intent,
        toast: isQueued
          ? { kind: "success", title: t("integrations:toasts.syncStarted") }
          : {
              kind: "success",
              title: t("integrations:toasts.alreadySyncingTitle"),
              description: t("integrations:toasts.alreadySyncingDescription"),
            },
      });
    }
    const { platformAccess } = await services.connections.disconnectConnection(actor, {
      connectionId: input.connectionId,
      deleteData: input.data === "delete",
    });
    const dataLine = input.data === "delete" ? t("integrations:toasts.dataDeleted") : t("integrations:toasts.dataKept");
    // Where the platform could not be asked to drop Adhelm's access, the person is told to do it there.
    const accessLine =
      platformAccess === "not_supported" || platformAccess === "failed"
        ? t("integrations:toasts.removeAccessAtPlatform")
        : null;
    return data<IntegrationsActionResult>({
      ok: true,
      intent: input.intent,
      toast: {
        kind: "success",
        title: t("integrations:toasts.disconnected"),
        description: [dataLine, accessLine].filter(Boolean).join(" "),
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<IntegrationsActionResult>(
      {
        ok: false,
        toast: {
          kind: "error",
          title: t("integrations:toasts.failedTitle"),
          // The plan's ad account limit is worded from its figures, with Upgrade on the toast.
          description: billingRefusalMessage(t, error.details) ?? translateConnectionMessage(t, error.message),
        },
        ...(refusedLimit(error.details) ? { limit: refusedLimit(error.details) } : {}),
      },
      { status: error.status },
    );
  }
}

export default function IntegrationsRoute({ loaderData }: Route.ComponentProps) {
  return <IntegrationsScreen {...loaderData} />;
}
