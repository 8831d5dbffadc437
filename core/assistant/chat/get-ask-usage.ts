/** For admins: the organization's questions and tokens per month (the last six), and the plan's limit. */
import type { Actor } from "#core/access/actor.ts";
import type { AskDeps } from "./ask-deps.ts";
import { usagePeriod } from "./ask-question.ts";

export async function getAskUsage(deps: AskDeps, actor: Actor) {
  const [months, { limit, plan }] = await Promise.all([
    deps.chats.usage(actor.organizationId, 6),
    deps.questionLimitOf(actor.organizationId),
  ]);
  const period = usagePeriod(deps.now());
  const current = months.find((month) => month.period === period) ?? {
    period,
    questions: 0,
    promptTokens: 0,
    completionTokens: 0,
  };
  return { plan, limit, current, months };
}

export type AskUsage = Awaited<ReturnType<typeof getAskUsage>>;
