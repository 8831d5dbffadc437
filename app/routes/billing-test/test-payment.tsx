import { data, redirect } from "react-router";
import { TEST_CARD_FIELDS, testCardSchema } from "#app/components/billing/test-card-schema.ts";
import { TestPaymentScreen } from "#app/components/billing/test-payment-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormData } from "#app/lib/form-data.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/test-payment";

/**
 * The built-in test provider's hosted pages (/billing/test-checkout/:id, /billing/test-portal/:id):
 * what Stripe's Checkout and customer portal are with real keys. Outside the app's shell, as a
 * provider's page is; its id (random, unguessable) is the capability, as Stripe's session is.
 */
export const handle = translatedPage;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "billing-test");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

const kindOf = (request: Request) =>
  new URL(request.url).pathname.startsWith("/billing/test-portal/") ? "portal" : "checkout";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  if (!services.builtinPayments) throw data(null, { status: 404 });
  try {
    const page = await services.builtinPayments.getPage(params.id, kindOf(request));
    return {
      page: {
        kind: page.kind,
        amountMinor: page.amountMinor,
        currency: page.currency.toUpperCase(),
        description: page.description,
        cancelUrl: page.cancelUrl,
        isCompleted: page.status === "completed",
        paymentMethod: page.paymentMethod,
      },
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export type TestPaymentActionResult = { ok: false; fieldErrors: Partial<Record<string, string>> };

/** A form post (works without JavaScript): pays the checkout or saves the card, then back to the app. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  if (!services.builtinPayments) throw data(null, { status: 404 });
  const form = await readFormData(request);
  const parsed = testCardSchema.safeParse(
    Object.fromEntries(TEST_CARD_FIELDS.map((field) => [field, String(form.get(field) ?? "")])),
  );
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return data<TestPaymentActionResult>({ ok: false, fieldErrors }, { status: 422 });
  }
  try {
    const { redirectTo } =
      kindOf(request) === "portal"
        ? await services.builtinPayments.updateCard(params.id, parsed.data.number)
        : await services.builtinPayments.completeCheckout(params.id, parsed.data.number);
    return redirect(redirectTo);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof AppError && error.status < 500)
      return data<TestPaymentActionResult>(
        { ok: false, fieldErrors: { number: error.message } },
        { status: error.status },
      );
    throw error;
  }
}

export default function TestPaymentRoute({ loaderData }: Route.ComponentProps) {
  return <TestPaymentScreen page={loaderData.page} />;
}
