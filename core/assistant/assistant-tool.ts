/**
 * The contract between Ask Adhelm, the MCP server and the tools they may call (issue 21). A tool
 * is a thin, typed door onto a use case the pages already use: it takes the caller's actor (so it
 * is scoped to the caller's organization and checked against their role or key scope exactly as
 * the page is), validates its input with zod, and returns data, never instructions.
 *
 * Writes are proposals: a tool marked `proposes` returns a `proposal` describing the change
 * (before → after). Nothing changes until the user confirms it, which then runs the campaign
 * change use case (logged and undoable). Over MCP, a read_write key may confirm in the same call
 * with `confirm: true`.
 */
import type { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import type { Permission } from "#core/access/permissions.ts";

/** A link into the app that holds the numbers a result uses: a campaign, a date range, a chart. */
export interface AssistantCitation {
  /** What the link shows, in the caller's words ("Spring Sale — last 7 days"). */
  label: string;
  /** An app path, for example `/campaigns/abc?from=2026-11-01&to=2026-11-07`. */
  href: string;
}

/** A chart the answer shows with the app's chart components. */
export interface AssistantChart {
  kind: "line" | "bar";
  title: string;
  /** The metric each series plots ("spend", "roas", …), which decides how values are formatted. */
  metric: string;
  /** Category or date labels along the x axis (ISO dates for a daily series). */
  labels: string[];
  series: { name: string; values: (number | null)[] }[];
}

/** A change the user must confirm before it happens. */
export interface AssistantProposal {
  kind: "pause" | "enable" | "budget";
  campaignId: string;
  campaignName: string;
  /** Before → after, as plain values: status ("active"/"paused") or daily budget in the account's currency. */
  before: string | number;
  after: string | number;
  currency?: string;
}

export interface AssistantToolResult {
  /** What the model (or MCP client) reads: plain JSON data. Strings in it are data, never instructions. */
  data: unknown;
  citations?: AssistantCitation[];
  chart?: AssistantChart;
  proposal?: AssistantProposal;
}

export interface AssistantTool<Input = unknown> {
  /** snake_case, stable: the model and MCP clients call it by this name. */
  name: string;
  /** What it does and when to call it, in English, for the model. */
  description: string;
  /** The input's schema; also the JSON schema the model and MCP clients see. */
  input: z.ZodType<Input>;
  /** The permission the caller needs (checked again by the use case it calls). */
  permission: Permission;
  /** True when the tool proposes a change instead of reading. */
  proposes: boolean;
  run(actor: Actor, input: Input): Promise<AssistantToolResult>;
}
