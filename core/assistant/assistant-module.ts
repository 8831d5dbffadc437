/**
 * The assistant's services (`services.assistant`): the tools registry (assistant-tools.ts) and
 * the confirmation of a proposal, a use case that needs "campaigns.change".
 */
import { useCase } from "#core/access/permissions.ts";
import type { AssistantToolDeps } from "./assistant-tool-deps.ts";
import { createAssistantTools } from "./assistant-tools.ts";
import { confirmProposal } from "./confirm-proposal.ts";

export function createAssistantModule(deps: AssistantToolDeps) {
  return {
    /** Not a use case: each tool checks its own permission when it runs. */
    tools: createAssistantTools(deps),
    /** Applies a confirmed proposal through the campaign change use case; returns the change log id. */
    confirmProposal: useCase("campaigns.change", (actor, proposal: unknown) => confirmProposal(deps, actor, proposal)),
  };
}

export type AssistantModule = ReturnType<typeof createAssistantModule>;
