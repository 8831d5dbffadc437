/**
 * A change the answer proposes, as a card: the campaign, before → after, and Confirm / Dismiss.
 * Nothing happens until Confirm; then the change goes through the campaign change use case, and
 * the toast offers Undo (the change log's undo).
 */
import { ArrowRight, Check, Loader2, Undo2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useCan } from "#app/lib/use-can.ts";
import { formatMoneyAmount } from "#core/shared/number-format.ts";
import { CAMPAIGN_STATUS_KEYS, PROPOSAL_DONE_KEYS, PROPOSAL_KIND_KEYS, PROPOSAL_STATE_KEYS } from "./ask-keys.ts";
import type { AskActionResult, AskProposalCard } from "./ask-types.ts";

function valueText(card: AskProposalCard, value: string | number, locale: string, t: (key: string) => string) {
  if (card.kind === "budget" && typeof value === "number" && card.currency)
    return formatMoneyAmount(value, card.currency, locale);
  const status = CAMPAIGN_STATUS_KEYS[String(value)];
  if (status) return t(status);
  return String(value);
}

export function ProposalCard({ messageId, initial }: { messageId: string; initial: AskProposalCard }) {
  const { t } = useTranslation("ask");
  const locale = useLocale();
  const can = useCan();
  const [card, setCard] = useState(initial);
  const fetcher = useFetcher<AskActionResult>();
  const handled = useRef<AskActionResult | null>(null);
  const submit = (intent: "confirm" | "dismiss" | "undo") =>
    fetcher.submit(
      { intent, messageId, proposalId: card.id },
      { method: "post", action: "/ask-shown", encType: "application/json" },
    );
  const submitRef = useRef(submit);
  submitRef.current = submit;

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      toast.error(result.title, { description: result.message });
      return;
    }
    if (!("proposal" in result)) return;
    setCard(result.proposal);
    if (result.intent === "confirm")
      toast.success(t(PROPOSAL_DONE_KEYS[result.proposal.kind], { campaign: result.proposal.campaignName }), {
        description: t("proposal.doneDescription"),
        action: { label: t("proposal.undo"), onClick: () => submitRef.current("undo") },
      });
    if (result.intent === "undo") toast.success(t("proposal.undone", { campaign: result.proposal.campaignName }));
  }, [fetcher.state, fetcher.data, t]);

  const isBusy = fetcher.state !== "idle";
  const mayChange = can("campaigns.change");
  return (
    <section
      aria-label={t("proposal.label", { campaign: card.campaignName })}
      className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-sm">{t(PROPOSAL_KIND_KEYS[card.kind])}</p>
        <Badge variant={card.status === "open" ? "secondary" : "outline"}>{t(PROPOSAL_STATE_KEYS[card.status])}</Badge>
      </div>
      <p className="break-words font-semibold">{card.campaignName}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm tabular-nums">
        <span className="rounded-md bg-muted px-2 py-1 text-muted-foreground line-through decoration-muted-foreground/50">
          {valueText(card, card.before, locale, t)}
        </span>
        <ArrowRight aria-label={t("proposal.becomes")} className="size-4 text-muted-foreground" />
        <span className="rounded-md bg-background px-2 py-1 font-medium ring-1 ring-border">
          {valueText(card, card.after, locale, t)}
        </span>
      </p>
      {card.status === "open" ? (
        mayChange ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={isBusy} onClick={() => submit("confirm")}>
              {isBusy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
              {t("proposal.confirm")}
            </Button>
            <Button size="sm" variant="outline" disabled={isBusy} onClick={() => submit("dismiss")}>
              <X aria-hidden="true" />
              {t("proposal.dismiss")}
            </Button>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">{t("proposal.notAllowed")}</p>
        )
      ) : null}
      {card.status === "confirmed" && mayChange ? (
        <div>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={() => submit("undo")}>
            <Undo2 aria-hidden="true" />
            {t("proposal.undo")}
          </Button>
        </div>
      ) : null}
      {card.status === "open" ? <p className="text-muted-foreground text-xs">{t("proposal.note")}</p> : null}
    </section>
  );
}
