/** What a tool's outcome adds beside an answer's text, streamed as it arrives. */
import { randomUUID } from "node:crypto";
import type { AskAttachments, EmitAskEvent } from "./chat-types.ts";
import type { ToolOutcome } from "./run-tool.ts";

export function collectAttachments(outcome: ToolOutcome, attachments: AskAttachments, emit: EmitAskEvent): void {
  if (!outcome.ok) return;
  const { citations = [], chart, proposal } = outcome.result;
  for (const citation of citations) {
    // The same page twice (a campaign's page with and without a range) is one source.
    const page = citation.href.split("?")[0];
    if (
      attachments.citations.some(
        (known) =>
          known.href === citation.href || (known.label === citation.label && known.href.split("?")[0] === page),
      )
    )
      continue;
    attachments.citations.push(citation);
    emit({ type: "citation", citation });
  }
  if (chart) {
    attachments.charts.push(chart);
    emit({ type: "chart", chart });
  }
  if (proposal) {
    const card = { ...proposal, id: randomUUID(), status: "open" as const };
    attachments.proposals.push(card);
    emit({ type: "proposal", proposal: card });
  }
}
