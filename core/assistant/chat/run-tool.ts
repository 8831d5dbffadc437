/**
 * Runs one tool call for an answer, the model's or the catalogue's: only a tool the actor may call,
 * with its input checked by the tool's own schema. A refusal or a bad input is an answer the model
 * reads (and may explain), not a crash.
 */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AssistantTool, AssistantToolResult } from "../assistant-tool.ts";

export type ToolOutcome =
  | { ok: true; name: string; result: AssistantToolResult }
  | { ok: false; name: string; error: string; code: string };

export async function runToolCall(
  tools: readonly AssistantTool[],
  actor: Actor,
  name: string,
  input: unknown,
): Promise<ToolOutcome> {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return { ok: false, name, code: "not_found", error: `No tool named "${name}" is available to you.` };
  const parsed = tool.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
    return { ok: false, name, code: "bad_request", error: `Invalid input. ${issues.join("; ")}` };
  }
  try {
    return { ok: true, name, result: await tool.run(actor, parsed.data) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, name, code: error.code, error: error.message };
    throw error;
  }
}

/**
 * What the model reads of a tool's outcome: JSON inside a <tool_result> envelope. Angle brackets in
 * the data are escaped, so a value (a campaign's name) can never close the envelope.
 */
export function toolResultForModel(outcome: ToolOutcome): string {
  const body =
    outcome.ok === true
      ? {
          tool: outcome.name,
          data: outcome.result.data,
          citations: outcome.result.citations ?? [],
          ...(outcome.result.chart ? { chart: "shown to the user as a chart" } : {}),
          ...(outcome.result.proposal
            ? {
                proposal:
                  "shown to the user as a card with Confirm and Dismiss. Nothing has changed: it happens only if the user confirms.",
              }
            : {}),
        }
      : { tool: outcome.name, error: outcome.error };
  const json = JSON.stringify(body).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e");
  return `<tool_result name="${outcome.name}">\n${json}\n</tool_result>`;
}
