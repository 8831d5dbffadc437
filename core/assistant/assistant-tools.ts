/**
 * The assistant's tools (issue 21), for Ask Adhelm and the MCP server.
 *
 * How to get them: `services.assistant.tools` (server/services.ts builds the registry once, with
 * the same guarded use cases the pages call). `tools.toolsFor(actor)` is the list the actor may
 * call (a viewer or a read-only key gets no proposing tool); `tools.find(name)` looks one up by
 * name. Run a tool with `tool.run(actor, input)`: it validates the input with `tool.input`,
 * checks the permission again, and returns `AssistantToolResult` (data, citations, chart,
 * proposal). Apply a confirmed proposal with `services.assistant.confirmProposal(actor, proposal)`
 * (confirm-proposal.ts), which returns the change log id (undo: services.campaigns.undoCampaignChange).
 */
import type { Actor } from "#core/access/actor.ts";
import { can } from "#core/access/permissions.ts";
import type { AssistantTool } from "./assistant-tool.ts";
import type { AssistantToolDeps } from "./assistant-tool-deps.ts";
import { explainChangeTool } from "./tools/explain-change.ts";
import { goalsAndPacingTool } from "./tools/goals-and-pacing.ts";
import { listCampaignsTool } from "./tools/list-campaigns.ts";
import { optimizerRecommendationsTool } from "./tools/optimizer-recommendations.ts";
import { previewRuleTool } from "./tools/preview-rule.ts";
import { proposeChangeTool } from "./tools/propose-change.ts";
import { queryMetricsTool } from "./tools/query-metrics.ts";

export interface AssistantTools {
  /** Every tool, in the order a model is offered them. */
  all: readonly AssistantTool[];
  /** The tools `actor` may call: `can(actor, tool.permission)`. */
  toolsFor(actor: Actor): AssistantTool[];
  /** A tool by its name, or undefined (whether the actor may call it is `can`'s to say). */
  find(name: string): AssistantTool | undefined;
}

export function createAssistantTools(deps: AssistantToolDeps): AssistantTools {
  const all = [
    queryMetricsTool(deps),
    listCampaignsTool(deps),
    explainChangeTool(deps),
    goalsAndPacingTool(deps),
    previewRuleTool(deps),
    optimizerRecommendationsTool(deps),
    proposeChangeTool(deps),
  ] as AssistantTool[];
  return {
    all,
    toolsFor: (actor) => all.filter((tool) => can(actor, tool.permission)),
    find: (name) => all.find((tool) => tool.name === name),
  };
}
