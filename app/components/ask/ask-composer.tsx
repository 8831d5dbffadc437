/** The question box: Enter asks, Shift+Enter starts a new line. Empty or too long questions are not sent. */
import { Loader2, SendHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";

const MAX_LENGTH = 2_000;

export function AskComposer({ onAsk, isAsking }: { onAsk: (question: string) => void; isAsking: boolean }) {
  const { t } = useTranslation("ask");
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const trimmed = question.trim();
    if (!trimmed) return setError(t("composer.required"));
    if (trimmed.length > MAX_LENGTH) return setError(t("composer.tooLong", { max: MAX_LENGTH }));
    setError(null);
    setQuestion("");
    onAsk(trimmed);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isAsking) send();
      }}
      className="flex flex-col gap-1"
    >
      <div className="flex items-end gap-2 rounded-xl border bg-card p-2 shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50">
        <label htmlFor="ask-question" className="sr-only">
          {t("composer.label")}
        </label>
        <Textarea
          id="ask-question"
          value={question}
          rows={1}
          placeholder={t("composer.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "ask-question-error" : undefined}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              if (!isAsking) send();
            }
          }}
          className="max-h-40 min-h-10 resize-none border-0 bg-transparent shadow-none focus-visible:ring-0 dark:bg-transparent"
        />
        <Button type="submit" size="icon" disabled={isAsking} aria-label={t("composer.send")}>
          {isAsking ? <Loader2 aria-hidden="true" className="animate-spin" /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </div>
      {error ? (
        <p id="ask-question-error" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </form>
  );
}
