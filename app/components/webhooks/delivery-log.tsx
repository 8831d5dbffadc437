import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { answerText, eventLabel, isSuccessCode, STATUS_LABEL_KEYS } from "./webhook-format.ts";
import type { WebhookDeliveryStatus, WebhookDeliverySummary } from "./webhooks-types.ts";

/** An endpoint's deliveries: when, which event, the endpoint's answer, attempts and the next retry. */
export function DeliveryLog({
  deliveries,
  now,
  labelledBy,
}: {
  deliveries: WebhookDeliverySummary[];
  now: Date;
  labelledBy: string;
}) {
  const { t } = useTranslation("webhooks");
  const time = useTimeFormat();
  const locale = useLocale();
  const integer = (value: number) => formatNumber(value, locale, 0);
  if (deliveries.length === 0)
    return <p className="px-4 py-6 text-muted-foreground text-sm sm:px-6">{t("log.empty")}</p>;
  const when = (iso: string) => {
    const at = new Date(iso);
    return (
      <time dateTime={iso} title={time.exact(at)}>
        {time.exact(at)}
      </time>
    );
  };
  const nextRetry = (delivery: WebhookDeliverySummary) =>
    delivery.nextAttemptAt ? (
      <time dateTime={delivery.nextAttemptAt} title={time.exact(new Date(delivery.nextAttemptAt))}>
        {time.relative(new Date(delivery.nextAttemptAt), now)}
      </time>
    ) : (
      <span className="text-muted-foreground">{t("log.noRetry")}</span>
    );
  const answer = (delivery: WebhookDeliverySummary) => {
    const [latest] = delivery.tries;
    const text = answerText(t, latest ?? { statusCode: delivery.lastStatusCode, error: delivery.lastError });
    return (
      <span
        className={cn(
          "tabular-nums",
          isSuccessCode(delivery.lastStatusCode) ? "text-foreground" : "text-destructive dark:text-red-400",
        )}
        title={latest ? t("log.duration", { ms: integer(latest.durationMs) }) : undefined}
      >
        {text}
      </span>
    );
  };

  return (
    <>
      <div className="hidden md:block">
        <Table aria-labelledby={labelledBy}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-6">{t("log.time")}</TableHead>
              <TableHead>{t("log.event")}</TableHead>
              <TableHead>{t("log.status")}</TableHead>
              <TableHead>{t("log.code")}</TableHead>
              <TableHead className="text-right">{t("log.attempts")}</TableHead>
              <TableHead className="pr-6">{t("log.nextRetry")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell className="pl-6 text-sm">{when(delivery.createdAt)}</TableCell>
                <TableCell>
                  <span className="grid">
                    <span>{eventLabel(t, delivery.eventType)}</span>
                    <code className="font-mono text-muted-foreground text-xs">{delivery.eventType}</code>
                  </span>
                </TableCell>
                <TableCell>
                  <DeliveryBadge status={delivery.status} />
                </TableCell>
                <TableCell>{answer(delivery)}</TableCell>
                <TableCell className="text-right tabular-nums">{integer(delivery.attempts)}</TableCell>
                <TableCell className="pr-6 text-sm">{nextRetry(delivery)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-labelledby={labelledBy} className="divide-y md:hidden">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="grid gap-2 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0">
                <span className="truncate font-medium text-sm">{eventLabel(t, delivery.eventType)}</span>
                <span className="text-muted-foreground text-xs">{when(delivery.createdAt)}</span>
              </div>
              <DeliveryBadge status={delivery.status} />
            </div>
            <dl className="grid grid-cols-3 gap-x-3 gap-y-0.5 text-sm">
              <Fact term={t("log.code")}>{answer(delivery)}</Fact>
              <Fact term={t("log.attempts")}>
                <span className="tabular-nums">{integer(delivery.attempts)}</span>
              </Fact>
              <Fact term={t("log.nextRetry")}>{nextRetry(delivery)}</Fact>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    // Subgrid rows: a term that wraps (German) pushes every value down alike, so the values stay level.
    <div className="row-span-2 grid min-w-0 grid-rows-subgrid">
      <dt className="self-end text-muted-foreground text-xs">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const BADGE_STYLES: Record<WebhookDeliveryStatus, { badge: string; dot: string }> = {
  succeeded: { badge: "border-success/40 bg-success/10 text-foreground", dot: "bg-success" },
  pending: { badge: "border-warning/50 bg-warning/10 text-foreground", dot: "bg-warning" },
  failed: { badge: "border-destructive/40 bg-destructive/10 text-foreground", dot: "bg-destructive" },
};

export function DeliveryBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation("webhooks");
  return (
    <Badge variant="outline" className={cn("shrink-0", BADGE_STYLES[status].badge)}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", BADGE_STYLES[status].dot)} />
      {t(STATUS_LABEL_KEYS[status])}
    </Badge>
  );
}
