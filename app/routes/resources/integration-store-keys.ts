import { data } from "react-router";
import { appContext } from "#app/lib/app-context.ts";
import { AppError } from "#core/errors/app-error.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { Route } from "./+types/integration-store-keys";

/**
 * POST /integrations/woocommerce/callback/keys: the store's server posts the API keys it made for
 * us (WooCommerce's /wc-auth/v1/authorize key provisioning). There is no session here: the keys
 * are accepted only for a live, unused state we issued, and held until the browser returns.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, logger, clientAddress } = context.get(appContext);
  if (params.platform !== "woocommerce") return data({ error: "Not found" }, { status: 404 });
  // Any Content-Type: the store's server sends JSON, whatever its WordPress labels it. Anything that
  // is not a JSON object is the sender's mistake.
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body))
    return data({ error: "Expected a JSON object." }, { status: 400 });
  try {
    // The store's server has no session: it is a visitor, and only a live state we issued takes keys.
    await services.connections.receiveStoreKeys({ kind: "visitor", clientAddress }, { platform: "woocommerce", body });
    return data({ ok: true });
  } catch (error) {
    // Keys in the wrong shape (no consumer key, a malformed secret, write-only) are refused by the
    // connector as "rejected": the sender's mistake too, not ours.
    const isRejected = error instanceof PlatformError && error.kind === "rejected";
    if (!(error instanceof AppError) && !isRejected) throw error;
    const status = error instanceof AppError ? error.status : 400;
    logger.info({ reason: (error as Error).message }, "store keys refused");
    return data({ error: (error as Error).message }, { status });
  }
}
