import { ArrowRight, BarChart3, Plug, Target } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";

/** Before any ad platform is connected: what the dashboard will show, and the one thing to do. */
export function DashboardEmptyState() {
  const { t } = useTranslation("dashboard");
  return (
    <Card className="overflow-hidden">
      <CardContent className="flex flex-col items-center gap-5 px-6 py-10 text-center">
        <div aria-hidden="true" className="flex items-center gap-3 text-muted-foreground">
          <span className="flex size-10 items-center justify-center rounded-xl border bg-muted/50">
            <BarChart3 className="size-5" />
          </span>
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Plug className="size-6" />
          </span>
          <span className="flex size-10 items-center justify-center rounded-xl border bg-muted/50">
            <Target className="size-5" />
          </span>
        </div>
        <div className="flex max-w-md flex-col gap-2">
          <h2 className="font-semibold text-xl tracking-tight">{t("empty.title")}</h2>
          <p className="text-muted-foreground text-sm">{t("empty.body")}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/integrations">
              {t("empty.connect")} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/goals">{t("empty.goalsFirst")}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
