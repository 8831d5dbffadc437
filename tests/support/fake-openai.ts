/**
 * A local OpenAI-compatible server for tests: a real node:http server that answers
 * POST …/chat/completions the way the real API does — with `stream: true`, server-sent events of
 * `chat.completion.chunk`s (the role first, then content a few characters at a time, or tool calls
 * whose name comes first and whose JSON arguments arrive in pieces), a finish reason, a last chunk
 * carrying `usage` when `stream_options.include_usage` asks for it, and `data: [DONE]`. Without
 * `stream`, one `chat.completion`. What it answers is a script: a function of the request.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  /** The Authorization header it came with. */
  authorization: string | null;
}

export type FakeReply =
  | { content: string }
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };

export type FakeScript = (request: FakeChatRequest) => FakeReply;

export interface FakeOpenAi {
  /** The base URL to give the client (LLM_BASE_URL), ending in /v1. */
  url: string;
  /** Every request received, in order. */
  requests: FakeChatRequest[];
  setScript(script: FakeScript): void;
  stop(): Promise<void>;
}

/** Characters per content chunk: small, so a test sees the answer arrive in pieces. */
const CONTENT_CHUNK = 6;
/** Characters per tool-argument chunk. */
const ARGUMENT_CHUNK = 10;

function tokensOf(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function promptTokensOf(request: FakeChatRequest): number {
  return tokensOf(JSON.stringify(request.messages)) + tokensOf(JSON.stringify(request.tools ?? []));
}

async function stream(response: ServerResponse, request: FakeChatRequest, reply: FakeReply): Promise<void> {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const send = async (choices: unknown[], extra: Record<string, unknown> = {}) => {
    response.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices, ...extra })}\n\n`,
    );
    // Let each chunk leave as its own write, as a real server's do.
    await new Promise((resolve) => setImmediate(resolve));
  };
  let completion = "";
  if ("content" in reply) {
    await send([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
    for (const piece of piecesOf(reply.content, CONTENT_CHUNK)) {
      completion += piece;
      await send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    }
    await send([{ index: 0, delta: {}, finish_reason: "stop" }]);
  } else {
    await send([{ index: 0, delta: { role: "assistant", content: null }, finish_reason: null }]);
    for (const [index, call] of reply.toolCalls.entries()) {
      const args = JSON.stringify(call.arguments);
      completion += call.name + args;
      await send([
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index,
                id: `call_${randomUUID().slice(0, 8)}`,
                type: "function",
                function: { name: call.name, arguments: "" },
              },
            ],
          },
          finish_reason: null,
        },
      ]);
      for (const piece of piecesOf(args, ARGUMENT_CHUNK))
        await send([
          { index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null },
        ]);
    }
    await send([{ index: 0, delta: {}, finish_reason: "tool_calls" }]);
  }
  if (request.stream_options?.include_usage) {
    const prompt = promptTokensOf(request);
    const completionTokens = tokensOf(completion);
    await send([], {
      usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
    });
  }
  response.end("data: [DONE]\n\n");
}

function complete(response: ServerResponse, request: FakeChatRequest, reply: FakeReply): void {
  const message =
    "content" in reply
      ? { role: "assistant", content: reply.content }
      : {
          role: "assistant",
          content: null,
          tool_calls: reply.toolCalls.map((call) => ({
            id: `call_${randomUUID().slice(0, 8)}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
  const completionTokens = tokensOf(JSON.stringify(message));
  const prompt = promptTokensOf(request);
  response.writeHead(200, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      id: `chatcmpl-${randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message, finish_reason: "content" in reply ? "stop" : "tool_calls" }],
      usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
    }),
  );
}

export async function startFakeOpenAi(initial: FakeScript = scriptedAnalyst): Promise<FakeOpenAi> {
  let script = initial;
  const requests: FakeChatRequest[] = [];
  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
      return;
    }
    try {
      const body = JSON.parse(await readBody(request)) as Omit<FakeChatRequest, "authorization">;
      const chat: FakeChatRequest = { ...body, authorization: request.headers.authorization ?? null };
      requests.push(chat);
      const reply = script(chat);
      if (chat.stream) await stream(response, chat, reply);
      else complete(response, chat, reply);
    } catch (error) {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: String(error), type: "server_error" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(next) {
      script = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A scripted analyst: what the browser tests and the bench talk to. It reads the conversation the
// way a model would: the user's last question, the tool results since, the language the system
// prompt asks for.

interface ToolResult {
  tool: string;
  data?: Record<string, unknown>;
  citations?: Array<{ label: string; href: string }>;
  error?: string;
}

/** The JSON inside a tool message's <tool_result> envelope. */
export function toolResultOf(message: FakeChatMessage): ToolResult | null {
  const match = message.content?.match(/<tool_result name="[^"]*">\n([\s\S]*)\n<\/tool_result>/);
  if (!match?.[1]) return null;
  return JSON.parse(match[1]) as ToolResult;
}

/** The tool results that answer the user's last question. */
export function resultsSinceQuestion(request: FakeChatRequest): ToolResult[] {
  const lastQuestion = request.messages.findLastIndex((message) => message.role === "user");
  return request.messages
    .slice(lastQuestion + 1)
    .filter((message) => message.role === "tool")
    .map(toolResultOf)
    .filter((result): result is ToolResult => result !== null);
}

export function lastQuestionOf(request: FakeChatRequest): string {
  return request.messages.findLast((message) => message.role === "user")?.content ?? "";
}

function languageOf(request: FakeChatRequest): "en" | "de" | "es" | "fr" {
  const system = request.messages.find((message) => message.role === "system")?.content ?? "";
  if (system.includes("Answer in German")) return "de";
  if (system.includes("Answer in Spanish")) return "es";
  if (system.includes("Answer in French")) return "fr";
  return "en";
}

const SPEND_ANSWER = {
  en: (total: string, link: string) =>
    `You spent ${total} in the last 7 days, shown day by day in the chart (${link}).`,
  de: (total: string, link: string) =>
    `In den letzten 7 Tagen haben Sie ${total} ausgegeben, Tag für Tag im Diagramm (${link}).`,
  es: (total: string, link: string) => `Gastaste ${total} en los últimos 7 días, día a día en el gráfico (${link}).`,
  fr: (total: string, link: string) =>
    `Vous avez dépensé ${total} sur les 7 derniers jours, jour par jour dans le graphique (${link}).`,
};

const PROPOSAL_ANSWER = {
  en: (name: string) => `I prepared the change for ${name}. It happens only when you confirm it on the card.`,
  de: (name: string) =>
    `Ich habe die Änderung für ${name} vorbereitet. Sie wird erst wirksam, wenn Sie sie auf der Karte bestätigen.`,
  es: (name: string) => `He preparado el cambio para ${name}. Solo se aplica cuando lo confirmes en la tarjeta.`,
  fr: (name: string) =>
    `J'ai préparé la modification pour ${name}. Elle ne s'applique que si vous la confirmez sur la carte.`,
};

/**
 * Asked to pause a campaign ("pause <name>"): finds it with list_campaigns, then proposes the pause
 * with propose_change. Asked anything else: reads spend per day for the last 7 days with
 * query_metrics, then answers with the total and the citation's link, in the prompt's language.
 */
export const scriptedAnalyst: FakeScript = (request) => {
  const question = lastQuestionOf(request);
  const results = resultsSinceQuestion(request);
  const language = languageOf(request);
  const pause = question.match(/\b(?:pause|pausiere|pausar|mettre en pause)\s+(.+?)[.?!]*$/i);
  if (pause?.[1]) {
    const name = pause[1].trim();
    const found = results.find((result) => result.tool === "list_campaigns");
    if (!found) return { toolCalls: [{ name: "list_campaigns", arguments: { nameContains: name, limit: 5 } }] };
    const campaign = (found.data?.campaigns as Array<{ campaignId: string; campaignName: string }> | undefined)?.[0];
    if (!campaign) return { content: `No campaign called ${name}.` };
    if (!results.some((result) => result.tool === "propose_change"))
      return {
        toolCalls: [{ name: "propose_change", arguments: { campaignId: campaign.campaignId, action: "pause" } }],
      };
    return { content: PROPOSAL_ANSWER[language](campaign.campaignName) };
  }
  const metrics = results.find((result) => result.tool === "query_metrics");
  if (!metrics)
    return {
      toolCalls: [
        { name: "query_metrics", arguments: { groupBy: "day", metrics: ["spend"], range: { preset: "last_7_days" } } },
      ],
    };
  const rows = (metrics.data?.rows as Array<{ spend: number | null; currency: string }> | undefined) ?? [];
  const total = rows.reduce((sum, row) => sum + (row.spend ?? 0), 0);
  const currency = rows[0]?.currency ?? "USD";
  const citation = metrics.citations?.[0];
  const link = citation ? `[${citation.label}](${citation.href})` : "";
  return { content: SPEND_ANSWER[language](`${total.toFixed(2)} ${currency}`, link) };
};
