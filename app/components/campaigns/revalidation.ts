import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A preview, or one chunk of a change being applied, leaves the page's data as it is: the dialog
 * asks for a reload once the last chunk is done, instead of one reload per chunk.
 */
export function keepsTableData({ json }: Pick<ShouldRevalidateFunctionArgs, "json">): boolean {
  const intent = json && typeof json === "object" && "intent" in json ? json.intent : null;
  return intent === "preview" || intent === "apply";
}
