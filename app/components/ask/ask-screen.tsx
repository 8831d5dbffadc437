/**
 * Ask Adhelm (beta): a chat over the organization's own data. Conversations on the left (a sheet on
 * a phone), the thread in the middle, the question box at the bottom. Answers stream in; charts,
 * sources and proposal cards come with them.
 */
import { BookOpen, MessagesSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "#app/components/ui/sheet.tsx";
import { AskComposer } from "./ask-composer.tsx";
import { AnswerBlock, QuestionBubble, SuggestionChips } from "./ask-message.tsx";
import type { AskMessage, AskPageData } from "./ask-types.ts";
import { AskUsagePanel } from "./ask-usage-panel.tsx";
import { ConversationList } from "./conversation-list.tsx";
import { TypingIndicator } from "./typing-indicator.tsx";
import { useAskStream } from "./use-ask-stream.ts";

/** Suggestions the empty state shows at first; the rest behind "More questions". */
const FIRST_SUGGESTIONS = 6;

export function AskScreen({ conversations, isModelConnected, suggestions, questions, opened, usage }: AskPageData) {
  const { t } = useTranslation("ask");
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const openedId = opened?.conversation.id ?? null;
  const [conversationId, setConversationId] = useState<string | null>(openedId);
  const [messages, setMessages] = useState<AskMessage[]>(opened?.messages ?? []);
  const [listOpen, setListOpen] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  // The conversation the answer goes to: known once the stream starts.
  const conversationRef = useRef<string | null>(openedId);

  // A new conversation opened (or the loader read it again after an action): show what it holds.
  useEffect(() => {
    conversationRef.current = openedId;
    setConversationId(openedId);
    setMessages(opened?.messages ?? []);
  }, [opened, openedId]);

  // Show the conversation the answer went to at its own address (the loader reads it again).
  const openAnswered = () => {
    const answered = conversationRef.current;
    if (answered && answered !== openedId)
      navigate(`/ask-shown?c=${encodeURIComponent(answered)}`, { replace: true, preventScrollReset: true });
    else revalidator.revalidate();
  };
  const { pending, ask, isAsking } = useAskStream(
    {
      onStart: (conversation) => {
        conversationRef.current = conversation.id;
        setConversationId(conversation.id);
      },
      onDone: (question, answer) => {
        setMessages((current) => [...current, question, answer]);
        openAnswered();
      },
      onError: (message) => {
        toast.error(t("errors.title"), { description: message });
        openAnswered();
      },
    },
    t("errors.failed"),
  );

  useEffect(() => {
    if (pending || messages.length > 0) bottom.current?.scrollIntoView({ block: "end" });
  }, [pending, messages.length]);

  const submit = (question: string) => {
    void ask(question, conversationId);
  };
  const isEmpty = messages.length === 0 && !pending;
  const title = opened?.conversation.title ?? t("page.title");

  const list = (
    <ConversationList
      conversations={conversations}
      activeId={conversationId}
      onNavigate={() => setListOpen(false)}
      onDeleted={(deleted) => {
        if (deleted === conversationId) navigate("/ask-shown", { replace: true });
      }}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl gap-6">
      <aside aria-label={t("conversations.title")} className="hidden w-64 shrink-0 flex-col gap-4 lg:flex">
        {list}
        {usage ? <AskUsagePanel usage={usage} /> : null}
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b pb-4">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex items-center gap-2">
              <h1 className="truncate font-bold text-2xl tracking-tight">{t("page.title")}</h1>
              <Badge variant="outline" className="border-primary/40 text-primary">
                {t("page.beta")}
              </Badge>
            </div>
            <p className="truncate text-muted-foreground text-sm">
              {opened ? title : isModelConnected ? t("page.introModel") : t("page.introCatalogue")}
            </p>
          </div>
          <Sheet open={listOpen} onOpenChange={setListOpen}>
            <SheetTrigger asChild>
              <Button variant="outline" size="sm" className="lg:hidden">
                <MessagesSquare aria-hidden="true" />
                {t("conversations.open")}
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-80 max-w-[85vw] p-0">
              <SheetHeader>
                <SheetTitle>{t("conversations.title")}</SheetTitle>
                <SheetDescription className="sr-only">{t("conversations.description")}</SheetDescription>
              </SheetHeader>
              <div className="flex flex-col gap-4 px-4 pb-4">
                {list}
                {usage ? <AskUsagePanel usage={usage} /> : null}
              </div>
            </SheetContent>
          </Sheet>
        </header>

        <section
          aria-label={t("thread.label")}
          aria-live="polite"
          aria-busy={isAsking}
          className="flex flex-1 flex-col gap-6 py-6"
        >
          {isEmpty ? (
            <div className="flex flex-col gap-5 rounded-xl border border-dashed p-5 sm:p-8">
              <div className="flex flex-col gap-2">
                <h2 className="font-semibold text-lg">{t("empty.title")}</h2>
                <p className="text-muted-foreground text-sm">{t("empty.description")}</p>
              </div>
              <SuggestionChips
                suggestions={showAll ? suggestions : suggestions.slice(0, FIRST_SUGGESTIONS)}
                onAsk={submit}
                disabled={isAsking}
              />
              {suggestions.length > FIRST_SUGGESTIONS ? (
                <div>
                  <Button variant="link" className="h-auto p-0" onClick={() => setShowAll((value) => !value)}>
                    {showAll ? t("empty.fewer") : t("empty.more", { count: suggestions.length - FIRST_SUGGESTIONS })}
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
          {messages.map((message) =>
            message.role === "user" ? (
              <QuestionBubble key={message.id} text={message.text} />
            ) : (
              <AnswerBlock
                key={message.id}
                messageId={message.id}
                text={message.text}
                attachments={message.attachments}
                onAsk={isAsking ? undefined : submit}
              />
            ),
          )}
          {pending ? (
            <>
              <QuestionBubble text={pending.questionText} />
              <AnswerBlock messageId={null} text={pending.text} attachments={pending.attachments}>
                {pending.text ? null : <TypingIndicator tool={pending.tool} />}
              </AnswerBlock>
            </>
          ) : null}
          <div ref={bottom} />
        </section>

        <div className="sticky bottom-0 flex flex-col gap-2 bg-background/95 pt-2 pb-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <AskComposer onAsk={submit} isAsking={isAsking} />
          <p className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-muted-foreground text-xs">
            <span>
              {isModelConnected ? t("composer.modelNote") : t("composer.catalogueNote")}{" "}
              {isModelConnected ? null : (
                <Link to="/docs#ask-adhelm" className="inline-flex items-center gap-1 underline underline-offset-4">
                  <BookOpen aria-hidden="true" className="size-3" />
                  {t("composer.connectModel")}
                </Link>
              )}
            </span>
            {questions.limit !== null ? (
              <span className="tabular-nums">
                {t("composer.questionsLeft", { used: questions.used, limit: questions.limit })}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </div>
  );
}
