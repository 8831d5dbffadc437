import { ChevronDown, KeyRound, Pencil, Send, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#app/components/ui/collapsible.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { ConfirmEndpointDialog } from "./confirm-endpoint-dialog.tsx";
import { DeliveryBadge, DeliveryLog } from "./delivery-log.tsx";
import type { WebhooksFetcher } from "./use-webhooks-fetcher.ts";
import { useWebhooksFetcher } from "./use-webhooks-fetcher.ts";
import { answerText, EVENT_LABEL_KEYS, shortUrl } from "./webhook-format.ts";
import type { WebhookEndpointView } from "./webhooks-types.ts";

/** One endpoint: its address and events, its last delivery, its actions and its delivery log. */
export function EndpointCard({
  endpoint,
  canManage,
  now,
  fetcher,
  onEdit,
}: {
  endpoint: WebhookEndpointView;
  canManage: boolean;
  now: Date;
  /** The screen's fetcher for delete and rotate, whose answers outlive this card's dialogs. */
  fetcher: WebhooksFetcher;
  onEdit: () => void;
}) {
  const { t } = useTranslation("webhooks");
  const baseId = useId();
  const time = useTimeFormat();
  const locale = useLocale();
  const isHydrated = useIsHydrated();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const integer = (value: number) => formatNumber(value, locale, 0);
  const toggleFetcher = useWebhooksFetcher((result) => {
    if (result.intent === "enable")
      toast.success(result.endpoint.isEnabled ? t("toasts.enabled") : t("toasts.disabled"));
  });
  const testFetcher = useWebhooksFetcher((result) => {
    if (result.intent !== "test") return;
    const { isSuccess, statusCode, error, durationMs } = result.result;
    if (isSuccess)
      toast.success(t("toasts.testSucceeded"), {
        description: t("toasts.testSucceededDescription", { code: statusCode, ms: integer(durationMs) }),
      });
    else
      toast.error(t("toasts.testFailed"), {
        description:
          statusCode !== null
            ? t("toasts.testFailedStatus", { code: statusCode })
            : answerText(t, { statusCode, error }),
      });
    setIsLogOpen(true);
  });
  // While a toggle is on its way, show where it is going.
  const pendingEnabled = toggleFetcher.json as { isEnabled?: boolean } | undefined;
  const isEnabled =
    toggleFetcher.state !== "idle" && pendingEnabled?.isEnabled !== undefined
      ? pendingEnabled.isEnabled
      : endpoint.isEnabled;
  const isTesting = testFetcher.state !== "idle";
  const headingId = `${baseId}-url`;
  const logHeadingId = `${baseId}-log`;
  const last = endpoint.lastDelivery;

  return (
    <li aria-labelledby={headingId} className="rounded-xl border bg-card shadow-sm">
      <div className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 flex-1 basis-64 gap-1">
            <h2 id={headingId} className="break-all font-mono font-semibold text-sm sm:text-base">
              {endpoint.url}
            </h2>
            <p className={cn("text-sm", endpoint.description ? "text-foreground" : "text-muted-foreground")}>
              {endpoint.description || t("endpoint.noDescription")}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge
              variant="outline"
              className={isEnabled ? "border-success/40 bg-success/10 text-foreground" : "text-muted-foreground"}
            >
              <span
                aria-hidden="true"
                className={cn("size-1.5 rounded-full", isEnabled ? "bg-success" : "bg-muted-foreground")}
              />
              {isEnabled ? t("endpoint.enabled") : t("endpoint.disabled")}
            </Badge>
            {canManage ? (
              <Switch
                checked={isEnabled}
                disabled={!isHydrated || toggleFetcher.state !== "idle"}
                aria-label={t("endpoint.enable", { url: shortUrl(endpoint.url) })}
                onCheckedChange={(checked) =>
                  toggleFetcher.submit(
                    { intent: "enable", endpointId: endpoint.id, isEnabled: checked },
                    { method: "post", encType: "application/json" },
                  )
                }
              />
            ) : null}
          </div>
        </div>

        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid min-w-0 gap-1.5">
            <dt className="text-muted-foreground text-xs">{t("endpoint.events")}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {endpoint.eventTypes.map((type) => (
                <Badge key={type} variant="secondary" title={type} className="font-normal">
                  {EVENT_LABEL_KEYS[type] ? t(EVENT_LABEL_KEYS[type]) : type}
                </Badge>
              ))}
            </dd>
          </div>
          <div className="grid min-w-0 gap-1.5">
            <dt className="text-muted-foreground text-xs">{t("endpoint.lastDelivery")}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              {last ? (
                <>
                  <DeliveryBadge status={last.status} />
                  <span className="tabular-nums">{answerText(t, last)}</span>
                  <time dateTime={last.at} title={time.exact(new Date(last.at))} className="text-muted-foreground">
                    {time.relative(new Date(last.at), now)}
                  </time>
                </>
              ) : (
                <span className="text-muted-foreground">{t("endpoint.noDeliveries")}</span>
              )}
            </dd>
          </div>
        </dl>

        {endpoint.previousSecretExpiresAt ? (
          <p className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {t("endpoint.rotating", { time: time.exact(new Date(endpoint.previousSecretExpiresAt)) })}
          </p>
        ) : null}

        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={!isHydrated || isTesting}
              onClick={() =>
                testFetcher.submit(
                  { intent: "test", endpointId: endpoint.id },
                  { method: "post", encType: "application/json" },
                )
              }
            >
              <Send aria-hidden="true" />
              {isTesting ? t("endpoint.testing") : t("endpoint.test")}
            </Button>
            <Button size="sm" variant="outline" disabled={!isHydrated} onClick={onEdit}>
              <Pencil aria-hidden="true" />
              {t("endpoint.edit")}
            </Button>
            <ConfirmEndpointDialog
              fetcher={fetcher}
              payload={{ intent: "rotate", endpointId: endpoint.id }}
              title={t("rotate.title")}
              description={t("rotate.description")}
              cancel={t("rotate.cancel")}
              submit={t("rotate.submit")}
              trigger={
                <Button size="sm" variant="outline" disabled={!isHydrated}>
                  <KeyRound aria-hidden="true" />
                  {t("endpoint.rotate")}
                </Button>
              }
            />
            <ConfirmEndpointDialog
              fetcher={fetcher}
              payload={{ intent: "delete", endpointId: endpoint.id }}
              title={t("delete.title")}
              description={t("delete.description", { url: endpoint.url })}
              cancel={t("delete.cancel")}
              submit={t("delete.submit")}
              isDestructive
              trigger={
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={!isHydrated}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                  {t("endpoint.delete")}
                </Button>
              }
            />
          </div>
        ) : null}
      </div>

      <Collapsible open={isLogOpen} onOpenChange={setIsLogOpen} className="border-t">
        <CollapsibleTrigger asChild>
          <Button
            variant="ghost"
            className="h-auto w-full justify-between rounded-none rounded-b-xl px-4 py-3 data-[state=open]:rounded-b-none font-medium has-[>svg]:px-4 sm:px-6 sm:has-[>svg]:px-6"
          >
            <span>{isLogOpen ? t("log.hide") : t("log.show", { total: integer(endpoint.deliveries.length) })}</span>
            <ChevronDown aria-hidden="true" className={cn("transition-transform", isLogOpen && "rotate-180")} />
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent className="border-t">
          <h3 id={logHeadingId} className="sr-only">
            {t("log.title")}
          </h3>
          <DeliveryLog deliveries={endpoint.deliveries} now={now} labelledBy={logHeadingId} />
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}
