import { data } from "react-router";
import { z } from "zod";
import { IntegrationsScreen } from "#app/components/integrations/integrations-screen.tsx";
import type { IntegrationsActionResult } from "#app/components/integrations/integrations-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readFormData } from "#app/lib/form-data.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Integrations",
    description: "Connect your ad platforms and your store to bring every campaign into one place.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

/** Anonymous visitors see the same catalogue; Connect sends them to sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientAddress } = context.get(appContext);
  const viewer = await getViewerContextFor(request, context);
  const cards = viewer
    ? await services.connections.listIntegrations(actorOf(viewer))
    : await services.connections.browseIntegrations({ kind: "visitor", clientAddress });
  const choose = new URL(request.url).searchParams.get("choose");
  return {
    cards,
    isSignedIn: viewer !== null,
    // The account picker opens for a connection that just came back from its consent screen.
    chooseConnectionId: cards.some((card) => card.connection?.id === choose) ? choose : null,
    now: new Date().toISOString(),
  };
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
  const form = await readFormData(request);
  const parsed = actionSchema.safeParse({
    ...Object.fromEntries(form),
    adAccountIds: form.getAll("adAccountIds"),
  });
  if (!parsed.success)
    return data<IntegrationsActionResult>(
      { ok: false, toast: { kind: "error", title: "Something is missing", description: "Please try again." } },
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
        toast:
          input.isFirstChoice === "true"
            ? { kind: "success", title: "Connection successful!", description: managedSentence(managed) }
            : { kind: "success", title: "Ad accounts updated", description: managedSentence(managed) },
      });
    }
    if (input.intent === "sync-now") {
      const { isQueued } = await services.connections.syncNow(actor, { connectionId: input.connectionId });
      return data<IntegrationsActionResult>({
        ok: true,
        intent: input.intent,
        toast: isQueued
          ? { kind: "success", title: "Sync started" }
          : { kind: "success", title: "Already syncing", description: "A sync of this connection is running." },
      });
    }
    await services.connections.disconnectConnection(actor, {
      connectionId: input.connectionId,
      deleteData: input.data === "delete",
    });
    return data<IntegrationsActionResult>({
      ok: true,
      intent: input.intent,
      toast: {
        kind: "success",
        title: "Disconnected",
        description: input.data === "delete" ? "Its synced data was deleted." : "Its synced data was kept.",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<IntegrationsActionResult>(
      { ok: false, toast: { kind: "error", title: "That did not work", description: error.message } },
      { status: error.status },
    );
  }
}

function managedSentence(count: number): string {
  return count === 1
    ? "Adhelm manages 1 ad account and is syncing it."
    : `Adhelm manages ${count} ad accounts and is syncing them.`;
}

export default function IntegrationsRoute({ loaderData }: Route.ComponentProps) {
  return <IntegrationsScreen {...loaderData} />;
}
