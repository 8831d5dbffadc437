/** Undo on a confirmed proposal: the campaigns slice's undo of its logged change. */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AskDeps } from "./ask-deps.ts";
import { findProposalCard } from "./proposal-cards.ts";

export async function undoProposalCard(deps: AskDeps, actor: Actor, raw: unknown) {
  const { card, save } = await findProposalCard(deps, actor, raw);
  if (card.status !== "confirmed" || !card.changeId)
    throw new AppError("conflict", "Only a confirmed proposal can be undone.");
  await deps.undoChange(actor, card.changeId);
  return save({ status: "undone" });
}
