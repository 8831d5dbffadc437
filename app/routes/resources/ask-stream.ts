/**
 * POST /ask/stream: asks Ask Adhelm a question and streams the answer as NDJSON, one event a line
 * (start, tool, token, citation, chart, proposal, done, or error). Protected like every app POST
 * (the origin check, a session). A refusal before the answer starts (bad input, the monthly limit,
 * a conversation that is not yours) is a plain JSON error with its status.
 */
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { languageFor, translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import type { AskEvent } from "#core/assistant/chat/chat-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/ask-stream";

type Translate = Awaited<ReturnType<typeof translatorFor>>;

function errorOf(error: AppError, t: Translate): { code: string; message: string } {
  const limit = error.details?.limit;
  if (error.code === "rate_limited" && typeof limit === "number")
    return { code: error.code, message: t("ask:errors.limit", { limit, plan: String(error.details?.plan ?? "") }) };
  return { code: error.code, message: translateMessage(t, error.message) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await translatorFor(request, context);
  const viewer = await getViewerContextFor(request, context);
  if (!viewer)
    return Response.json({ error: { code: "unauthorized", message: t("ask:errors.signedOut") } }, { status: 401 });
  const { services, logger, requestId } = context.get(appContext);
  const body = (await readJsonBody(request)) as Record<string, unknown> | null;
  const language = await languageFor(request, context);
  const encoder = new TextEncoder();
  const abort = new AbortController();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started;
    },
    // The reader left (closed the tab, asked again): stop asking the model.
    cancel: () => abort.abort(),
  });
  const write = (event: AskEvent) => {
    try {
      controller?.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
    } catch {
      // The reader is gone; the answer is still kept.
    }
  };
  let hasStarted = false;
  const started = Promise.withResolvers<void>();
  const emit = (event: AskEvent) => {
    write(event);
    if (!hasStarted) {
      hasStarted = true;
      started.resolve();
    }
  };
  const asking = services.ask.askQuestion(
    actorOf(viewer),
    { conversationId: body?.conversationId, question: body?.question, language },
    emit,
    abort.signal,
  );
  asking
    .catch((error: unknown) => {
      if (!hasStarted) return started.reject(error);
      if (!(error instanceof AppError)) logger.error({ err: error, requestId }, "ask answer failed");
      write({
        type: "error",
        ...(error instanceof AppError
          ? errorOf(error, t)
          : { code: "model_failed", message: t("ask:errors.modelFailed") }),
      });
    })
    .finally(() => {
      try {
        controller?.close();
      } catch {
        // Already closed by the reader.
      }
    });
  try {
    await started.promise;
  } catch (error) {
    if (!(error instanceof AppError)) {
      logger.error({ err: error, requestId }, "ask failed");
      return Response.json({ error: { code: "internal_error", message: t("ask:errors.failed") } }, { status: 500 });
    }
    return Response.json({ error: errorOf(error, t) }, { status: error.status });
  }
  return new Response(stream, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // no-transform: the compression middleware would hold the tokens back.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
