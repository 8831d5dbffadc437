import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { NotFoundScreen } from "#app/routes/not-found.tsx";

/** A rule or run of another organization, or one that is gone, is a 404; anything else says it failed. */
export function RuleErrorBoundary() {
  const { t } = useTranslation("rules");
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="mx-auto flex min-h-[50svh] max-w-xl flex-col items-center justify-center gap-3 text-center">
      <h1 className="font-bold text-2xl tracking-tight">{t("page.errorTitle")}</h1>
      <p className="text-muted-foreground">{t("page.errorBody")}</p>
      <Button asChild variant="outline">
        <Link to="/rules">{t("page.back")}</Link>
      </Button>
    </section>
  );
}
