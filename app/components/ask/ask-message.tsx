/** One message of a conversation: the question, or the answer with its charts, sources and proposals. */
import { Link2, Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useCan } from "#app/lib/use-can.ts";
import { AnswerText } from "./answer-text.tsx";
import type { AskAttachments, AskSuggestion } from "./ask-types.ts";
import { ProposalCard } from "./proposal-card.tsx";

// recharts loads only when an answer holds a chart.
const AskChart = lazy(() => import("./ask-chart.tsx"));

export function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-end">
      <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-primary-foreground text-sm sm:max-w-[75%]">
        {text}
      </p>
    </div>
  );
}

export function AssistantAvatar() {
  return (
    <span
      aria-hidden="true"
      className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
    >
      <Sparkles className="size-4" />
    </span>
  );
}

/** A comparison of one thing is no comparison: a single bar says nothing the text does not. */
function isWorthDrawing(chart: AskAttachments["charts"][number]): boolean {
  return chart.labels.length > 1;
}

export interface AnswerBlockProps {
  messageId: string | null;
  text: string;
  attachments: AskAttachments;
  onAsk?: (question: string) => void;
  children?: React.ReactNode;
}

export function AnswerBlock({ messageId, text, attachments, onAsk, children }: AnswerBlockProps) {
  const { t } = useTranslation("ask");
  const can = useCan();
  const mayChange = can("campaigns.change");
  return (
    <article aria-label={t("thread.answer")} className="flex gap-3">
      <AssistantAvatar />
      <div className="flex min-w-0 flex-1 flex-col gap-3 text-sm">
        {text ? <AnswerText text={text} /> : null}
        {children}
        {attachments.charts.filter(isWorthDrawing).map((chart, index) => (
          <Suspense key={index} fallback={<Skeleton className="h-56 w-full" />}>
            <AskChart chart={chart} />
          </Suspense>
        ))}
        {mayChange && messageId
          ? attachments.proposals.map((proposal) => (
              <ProposalCard key={proposal.id} messageId={messageId} initial={proposal} />
            ))
          : null}
        {attachments.citations.length > 0 ? (
          // A list, not a landmark: every answer has its sources.
          <div className="flex flex-wrap items-center gap-1.5">
            <span aria-hidden="true" className="text-muted-foreground text-xs">
              {t("thread.sources")}
            </span>
            <ul aria-label={t("thread.sources")} className="flex min-w-0 flex-wrap gap-1.5">
              {attachments.citations.map((citation) => (
                <li key={citation.href} className="min-w-0 max-w-full">
                  <Link
                    to={citation.href}
                    className="inline-flex max-w-full items-center gap-1 rounded-full border bg-background px-2.5 py-1 text-xs hover:bg-accent"
                  >
                    <Link2 aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
                    <span className="truncate">{citation.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {onAsk && attachments.suggestions?.length ? (
          <SuggestionChips suggestions={attachments.suggestions} onAsk={onAsk} />
        ) : null}
      </div>
    </article>
  );
}

export function SuggestionChips({
  suggestions,
  onAsk,
  disabled,
}: {
  suggestions: AskSuggestion[];
  onAsk: (question: string) => void;
  disabled?: boolean;
}) {
  return (
    <ul className="flex flex-wrap gap-2">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onAsk(suggestion.text)}
            className="rounded-full border bg-background px-3 py-1.5 text-left text-xs transition-colors hover:bg-accent disabled:opacity-50 sm:text-sm"
          >
            {suggestion.text}
          </button>
        </li>
      ))}
    </ul>
  );
}
