import { AppError } from "#core/errors/app-error.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES, type WebhookEndpointValues, webhookEndpointSchema } from "./webhook-schemas.ts";
import { checkWebhookUrl } from "./webhook-url-policy.ts";

/**
 * The endpoint form checked on the server: the form's schema, then the address against the
 * outbound guard's rules. A refusal is a 422 whose details name each field's message, and nothing is saved.
 */
export function parseWebhookEndpoint(
  deps: Pick<WebhookDependencies, "addressPolicy">,
  values: unknown,
): WebhookEndpointValues {
  const parsed = webhookEndpointSchema.safeParse(values);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      fieldErrors[field] ??= issue.message;
    }
  } else {
    const urlMessage = checkWebhookUrl(parsed.data.url, deps.addressPolicy);
    if (urlMessage) fieldErrors.url = urlMessage;
  }
  const [first] = Object.values(fieldErrors);
  if (first || !parsed.success)
    throw new AppError("unprocessable_entity", first ?? WEBHOOK_MESSAGES.check, { fieldErrors });
  return parsed.data;
}
