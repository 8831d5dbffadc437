/** What Ask's use cases need, handed over by its module. */
import type { Actor } from "#core/access/actor.ts";
import type { AssistantProposal, AssistantTool } from "../assistant-tool.ts";
import type { ChatRepository } from "./chat-repository.ts";
import type { ModelSettings } from "./model-loop.ts";

export interface AskPlanLimit {
  /** Questions a month; null: no limit. */
  limit: number | null;
  /** The plan's name, as the refusal names it ("Starter"). */
  plan: string;
}

export interface AskDeps {
  chats: ChatRepository;
  /** The tools this actor may call (the assistant's registry filtered by permission). */
  toolsFor: (actor: Actor) => readonly AssistantTool[];
  /** The connected model, or null: the built-in catalogue answers. */
  model: ModelSettings | null;
  questionLimitOf: (organizationId: string) => Promise<AskPlanLimit>;
  /** Applies a confirmed proposal through the campaign change use case; the change log entry's id. */
  confirmProposal: (actor: Actor, proposal: AssistantProposal) => Promise<string>;
  /** Undoes a logged change (the campaigns slice's undo). */
  undoChange: (actor: Actor, changeId: string) => Promise<void>;
  now: () => Date;
}
