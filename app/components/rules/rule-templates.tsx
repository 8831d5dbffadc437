import { ArrowRight, Bell, Gauge, RotateCcw, ShieldAlert, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { RULE_TEMPLATE_IDS, type RuleTemplateId } from "#core/rules/rule-types.ts";
import { TEMPLATE_KEYS } from "./rule-words.ts";

const TEMPLATE_ICONS: Record<RuleTemplateId, typeof Bell> = {
  stop_loss: ShieldAlert,
  scale_winners: TrendingUp,
  pacing_guard: Gauge,
  revive: RotateCcw,
  watch: Bell,
};

/** The five templates as cards; each opens the editor filled in from it. */
export function RuleTemplates({ headingId }: { headingId: string }) {
  const { t } = useTranslation("rules");
  return (
    <ul aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
      {RULE_TEMPLATE_IDS.map((id) => {
        const Icon = TEMPLATE_ICONS[id];
        const name = t(TEMPLATE_KEYS[id].name);
        return (
          <li key={id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="grid flex-1 content-start gap-1">
              <h3 className="font-semibold leading-snug">{name}</h3>
              <p className="text-muted-foreground text-sm">{t(TEMPLATE_KEYS[id].description)}</p>
            </div>
            <Button asChild variant="outline" size="sm" className="w-full">
              <Link to={`/rules/new?template=${id}`} aria-label={t("templates.useNamed", { name })}>
                {t("templates.use")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
