/** The user's Dismiss on a proposal card: nothing changes, and the card says so. */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AskDeps } from "./ask-deps.ts";
import { findProposalCard } from "./proposal-cards.ts";

export async function dismissProposalCard(deps: AskDeps, actor: Actor, raw: unknown) {
  const { card, save } = await findProposalCard(deps, actor, raw);
  if (card.status !== "open") throw new AppError("conflict", "This proposal was already decided.");
  return save({ status: "dismissed" });
}
