/**
 * Asks a question over POST /ask/stream and reads the answer as it arrives (fetch and a
 * ReadableStream of NDJSON lines): the question at once, then the answer's text, citations,
 * charts and proposal cards as the server streams them.
 */
import { useCallback, useRef, useState } from "react";
import type { AskAttachments, AskEvent, AskMessage } from "./ask-types.ts";

export interface PendingAnswer {
  question: AskMessage | null;
  questionText: string;
  text: string;
  /** The tool being called now (the progress line), or null. */
  tool: string | null;
  attachments: AskAttachments;
}

export interface AskStreamHandlers {
  onStart: (conversation: { id: string; title: string }) => void;
  onDone: (question: AskMessage, answer: AskMessage) => void;
  onError: (message: string) => void;
}

const emptyAttachments = (): AskAttachments => ({ citations: [], charts: [], proposals: [] });

async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield line;
      newline = buffered.indexOf("\n");
    }
  }
  if (buffered.trim()) yield buffered.trim();
}

export function useAskStream(handlers: AskStreamHandlers, failedMessage: string) {
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  const ask = useCallback(
    async (question: string, conversationId: string | null) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      let current: PendingAnswer = {
        question: null,
        questionText: question,
        text: "",
        tool: null,
        attachments: emptyAttachments(),
      };
      setPending(current);
      const update = (change: Partial<PendingAnswer>) => {
        current = { ...current, ...change };
        setPending(current);
      };
      try {
        const response = await fetch("/ask/stream", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/x-ndjson" },
          body: JSON.stringify({ question, conversationId: conversationId ?? undefined }),
          signal: controller.signal,
        });
        if (!response.ok || !response.body) {
          const refusal = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          setPending(null);
          latest.current.onError(refusal?.error?.message ?? failedMessage);
          return;
        }
        let finished = false;
        for await (const line of linesOf(response.body)) {
          const event = JSON.parse(line) as AskEvent;
          switch (event.type) {
            case "start":
              update({ question: event.question });
              latest.current.onStart({ id: event.conversationId, title: event.title });
              break;
            case "tool":
              update({ tool: event.name });
              break;
            case "token":
              update({ text: current.text + event.text, tool: null });
              break;
            case "citation":
              update({
                attachments: { ...current.attachments, citations: [...current.attachments.citations, event.citation] },
              });
              break;
            case "chart":
              update({ attachments: { ...current.attachments, charts: [...current.attachments.charts, event.chart] } });
              break;
            case "proposal":
              update({
                attachments: { ...current.attachments, proposals: [...current.attachments.proposals, event.proposal] },
              });
              break;
            case "done":
              finished = true;
              if (current.question) latest.current.onDone(current.question, event.message);
              setPending(null);
              break;
            case "error":
              finished = true;
              setPending(null);
              latest.current.onError(event.message);
              break;
          }
        }
        if (!finished) {
          setPending(null);
          latest.current.onError(failedMessage);
        }
      } catch {
        if (controller.signal.aborted) return;
        setPending(null);
        latest.current.onError(failedMessage);
      }
    },
    [failedMessage],
  );

  return { pending, ask, isAsking: pending !== null };
}
