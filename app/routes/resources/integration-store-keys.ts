import { data } from "react-router";
import { AppError } from "../../../core/errors/app-error.ts";
import { receiveStoreKeys } from "../../../core/integrations/complete-connection.ts";
import { appContext } from "../../lib/app-context.ts";
import type { Route } from "./+types/integration-store-keys";

/**
 * POST /integrations/woocommerce/callback/keys: the store's server posts the API keys it made for
 * us (WooCommerce's /wc-auth/v1/authorize key provisioning). There is no session here: the keys
 * are accepted only for a live, unused state we issued, and held until the browser returns.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, logger } = context.get(appContext);
  if (params.platform !== "woocommerce") return data({ error: "Not found" }, { status: 404 });
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") return data({ error: "Expected a JSON body." }, { status: 400 });
  try {
    await receiveStoreKeys(services.integrations, { platform: "woocommerce", body });
    return data({ ok: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    logger.info({ reason: error.message }, "store keys refused");
    return data({ error: error.message }, { status: error.status });
  }
}
