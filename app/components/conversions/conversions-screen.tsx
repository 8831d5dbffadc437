import { Loader2, PlugZap, RefreshCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import type { ConversionsScreenProps } from "./conversions-types.ts";
import { PlatformActionsCard } from "./platform-actions-card.tsx";
import { RevenueTruthCard } from "./revenue-truth-card.tsx";
import { useConversionsFetcher } from "./use-conversions-fetcher.ts";
import { UtmHealthCard } from "./utm-health-card.tsx";

/** Settings → Conversions: which conversion actions count, per platform, and which revenue is the truth. */
export function ConversionsScreen({ settings, canManage, utmHealth, canFixUtm }: ConversionsScreenProps) {
  const { t } = useTranslation("conversions");
  const fetcher = useConversionsFetcher((result) => {
    if (result.intent === "count")
      toast.success(result.counted ? t("toasts.counted") : t("toasts.notCounted"), {
        description: t("toasts.recomputed", { count: result.campaignsRecomputed }),
      });
  });
  const isRecomputing = fetcher.state !== "idle";
  const pendingActionId = (() => {
    const json = fetcher.json as { intent?: string; actionId?: string } | undefined;
    return fetcher.state !== "idle" && json?.intent === "count" ? (json.actionId ?? null) : null;
  })();

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 max-w-3xl text-pretty text-muted-foreground">{t("page.intro")}</p>
      </div>

      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <RefreshCcw aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p className="text-pretty">{t("page.history")}</p>
      </div>

      {!canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("page.readOnly")}
        </p>
      ) : null}

      {/* Announced while a change recomputes history. */}
      <div role="status" aria-live="polite" className={isRecomputing ? "" : "sr-only"}>
        {isRecomputing ? (
          <p className="flex items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
            <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {t("page.recomputing")}
          </p>
        ) : null}
      </div>

      {settings.platforms.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="grid gap-4">
            {settings.platforms.map((platform) => (
              <li key={platform.platform}>
                <PlatformActionsCard
                  platform={platform}
                  canManage={canManage}
                  isBusy={isRecomputing}
                  pendingActionId={pendingActionId}
                  onToggle={(actionId, counted) =>
                    fetcher.submit(
                      { intent: "count", actionId, counted },
                      { method: "post", encType: "application/json" },
                    )
                  }
                />
              </li>
            ))}
          </ul>
          <RevenueTruthCard settings={settings} canManage={canManage} />
        </>
      )}

      {/* Store attribution needs UTM tags on the ads' clicks: the health check and its fix. */}
      {settings.platforms.length > 0 ? <UtmHealthCard health={utmHealth} canFix={canFixUtm} /> : null}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation("conversions");
  return (
    <section
      aria-labelledby="conversions-empty-heading"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <PlugZap aria-hidden="true" className="size-6" />
      </span>
      <div className="grid max-w-lg gap-2">
        <h2 id="conversions-empty-heading" className="font-semibold text-lg">
          {t("empty.title")}
        </h2>
        <p className="text-pretty text-muted-foreground text-sm">{t("empty.body")}</p>
      </div>
      <Button asChild>
        <Link to="/integrations">{t("empty.connect")}</Link>
      </Button>
    </section>
  );
}
