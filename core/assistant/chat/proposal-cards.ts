/** Finds a proposal card in one of the person's answers, and saves a card's new status. */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AskDeps } from "./ask-deps.ts";
import { ownerOf, parseChatInput } from "./chat-input.ts";
import { proposalDecisionSchema } from "./chat-schema.ts";
import type { AskMessage, AskProposalCard } from "./chat-types.ts";

export interface FoundCard {
  message: AskMessage;
  card: AskProposalCard;
  save: (change: Partial<AskProposalCard>) => Promise<AskProposalCard>;
}

export async function findProposalCard(deps: AskDeps, actor: Actor, raw: unknown): Promise<FoundCard> {
  const owner = ownerOf(actor);
  const { messageId, proposalId } = parseChatInput(proposalDecisionSchema, raw);
  const message = await deps.chats.findMessage(owner, messageId);
  const card = message?.attachments.proposals.find((proposal) => proposal.id === proposalId);
  if (!message || !card) throw new AppError("not_found", "That proposal does not exist, or it is not yours.");
  return {
    message,
    card,
    async save(change) {
      const saved = { ...card, ...change };
      const proposals = message.attachments.proposals.map((proposal) => (proposal.id === card.id ? saved : proposal));
      await deps.chats.saveAttachments(owner, message.id, { ...message.attachments, proposals });
      return saved;
    },
  };
}
