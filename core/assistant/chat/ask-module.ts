/**
 * Ask Adhelm (issue 21 §1): a person's conversations over the organization's own data, answered by
 * the connected model (any OpenAI-compatible endpoint) or, without one, the built-in catalogue,
 * both through the assistant's tools. Proposals change nothing until the person confirms them.
 */
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import type { AssistantProposal, AssistantTool } from "../assistant-tool.ts";
import type { AskDeps, AskPlanLimit } from "./ask-deps.ts";
import { askQuestion } from "./ask-question.ts";
import { createChatRepository } from "./chat-repository.ts";
import type { EmitAskEvent } from "./chat-types.ts";
import { confirmProposalCard } from "./confirm-proposal-card.ts";
import { deleteConversation } from "./delete-conversation.ts";
import { dismissProposalCard } from "./dismiss-proposal-card.ts";
import { getAskOverview } from "./get-ask-overview.ts";
import { getAskUsage } from "./get-ask-usage.ts";
import { getConversation } from "./get-conversation.ts";
import type { ModelSettings } from "./model-loop.ts";
import { renameConversation } from "./rename-conversation.ts";
import { undoProposalCard } from "./undo-proposal-card.ts";

export interface AskModuleDependencies {
  db: Kysely<Database>;
  toolsFor: (actor: Actor) => readonly AssistantTool[];
  /** LLM_BASE_URL, LLM_API_KEY and LLM_MODEL; null without LLM_BASE_URL. */
  model: ModelSettings | null;
  questionLimitOf: (organizationId: string) => Promise<AskPlanLimit>;
  confirmProposal: (actor: Actor, proposal: AssistantProposal) => Promise<string>;
  undoChange: (actor: Actor, changeId: string) => Promise<void>;
  now?: () => Date;
}

export function createAskModule({ db, now = () => new Date(), ...rest }: AskModuleDependencies) {
  const deps: AskDeps = { ...rest, chats: createChatRepository(db), now };
  return {
    /** The Ask page: the person's conversations, the suggestions, the model's presence, this month's questions. */
    getAskOverview: useCase("workspace.read", (actor, input: { language: string }) =>
      getAskOverview(deps, actor, input),
    ),
    getConversation: useCase("workspace.read", (actor, input: unknown) => getConversation(deps, actor, input)),
    /** Asks (untrusted input), streaming the answer's events to `emit`; the kept answer. */
    askQuestion: useCase("workspace.read", (actor, input: unknown, emit: EmitAskEvent, signal?: AbortSignal) =>
      askQuestion(deps, actor, input, emit, signal),
    ),
    renameConversation: useCase("workspace.read", (actor, input: unknown) => renameConversation(deps, actor, input)),
    deleteConversation: useCase("workspace.read", (actor, input: unknown) => deleteConversation(deps, actor, input)),
    /** Applies a proposal card's change (campaign change use case: logged, undoable). */
    confirmProposal: useCase("campaigns.change", (actor, input: unknown) => confirmProposalCard(deps, actor, input)),
    dismissProposal: useCase("workspace.read", (actor, input: unknown) => dismissProposalCard(deps, actor, input)),
    undoProposal: useCase("campaigns.change", (actor, input: unknown) => undoProposalCard(deps, actor, input)),
    /** Questions and tokens per month against the plan's limit: for the organization's admins. */
    getAskUsage: useCase("organization.manage", (actor) => getAskUsage(deps, actor)),
  };
}

export type AskModule = ReturnType<typeof createAskModule>;
