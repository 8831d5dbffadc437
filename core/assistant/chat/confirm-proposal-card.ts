/**
 * The user's Confirm on a proposal card: the only way a proposal becomes a change. It goes through
 * the campaign change use case (the assistant's confirmProposal), so it is logged and undoable.
 */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AskDeps } from "./ask-deps.ts";
import { findProposalCard } from "./proposal-cards.ts";

export async function confirmProposalCard(deps: AskDeps, actor: Actor, raw: unknown) {
  const { card, save } = await findProposalCard(deps, actor, raw);
  if (card.status !== "open") throw new AppError("conflict", "This proposal was already decided.");
  const { id: _id, status: _status, changeId: _changeId, ...proposal } = card;
  const changeId = await deps.confirmProposal(actor, proposal);
  return save({ status: "confirmed", changeId });
}
