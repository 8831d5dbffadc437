/**
 * Shopify's search syntax, as the orders connection's `query:` argument takes it: `field:value`
 * terms with optional comparators (`created_at:>='2026-10-01T00:00:00Z'`), quoted values,
 * implicit AND, explicit AND/OR/NOT, `-term` and parentheses. Like Shopify, an unknown field is
 * ignored with a warning rather than an error. Date-only values are days in the shop's time zone.
 */

export type Comparator = ":" | ">" | ">=" | "<" | "<=";

export type SearchNode =
  | { kind: "and" | "or"; nodes: SearchNode[] }
  | { kind: "not"; node: SearchNode }
  | { kind: "term"; field: string | null; comparator: Comparator; value: string; raw: string };

export interface SearchWarning {
  field: string;
  message: string;
}

export interface SearchableOrder {
  createdAtMs: number;
  /** Lowercase, as the search takes it: paid, partially_refunded, refunded… */
  financialStatus: string;
  name: string;
}

export class SearchSyntaxError extends Error {}

const KNOWN_FIELDS = new Set(["created_at", "financial_status"]);
const FINANCIAL_STATUSES = new Set([
  "any",
  "authorized",
  "expired",
  "paid",
  "partially_paid",
  "partially_refunded",
  "pending",
  "refunded",
  "voided",
]);
const DAY_MS = 86_400_000;

type Token = { kind: "open" | "close" | "and" | "or" | "not" } | { kind: "word"; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (/\s/.test(character)) {
      index++;
    } else if (character === "(") {
      tokens.push({ kind: "open" });
      index++;
    } else if (character === ")") {
      tokens.push({ kind: "close" });
      index++;
    } else {
      let word = "";
      while (index < text.length && !/[\s()]/.test(text[index]!)) {
        const current = text[index]!;
        if (current === "'" || current === '"') {
          const end = text.indexOf(current, index + 1);
          if (end === -1) throw new SearchSyntaxError(`Unterminated quote in ${text}`);
          word += text.slice(index, end + 1);
          index = end + 1;
        } else {
          word += current;
          index++;
        }
      }
      if (word === "AND") tokens.push({ kind: "and" });
      else if (word === "OR") tokens.push({ kind: "or" });
      else if (word === "NOT") tokens.push({ kind: "not" });
      else tokens.push({ kind: "word", text: word });
    }
  }
  return tokens;
}

function parseTerm(word: string): SearchNode {
  if (word.startsWith("-") && word.length > 1) return { kind: "not", node: parseTerm(word.slice(1)) };
  const colon = word.indexOf(":");
  if (colon <= 0) return { kind: "term", field: null, comparator: ":", value: unquote(word), raw: word };
  const field = word.slice(0, colon);
  let rest = word.slice(colon + 1);
  let comparator: Comparator = ":";
  for (const candidate of [">=", "<=", ">", "<"] as const) {
    if (rest.startsWith(candidate)) {
      comparator = candidate;
      rest = rest.slice(candidate.length);
      break;
    }
  }
  return { kind: "term", field, comparator, value: unquote(rest), raw: word };
}

function unquote(value: string): string {
  const match = /^(['"])(.*)\1$/s.exec(value);
  return match ? match[2]! : value;
}

export function parseShopifySearch(text: string): SearchNode {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];

  const parseOr = (): SearchNode => {
    const nodes = [parseAnd()];
    while (peek()?.kind === "or") {
      position++;
      nodes.push(parseAnd());
    }
    return nodes.length === 1 ? nodes[0]! : { kind: "or", nodes };
  };
  const parseAnd = (): SearchNode => {
    const nodes = [parseUnary()];
    for (;;) {
      const token = peek();
      if (token?.kind === "and") {
        position++;
        nodes.push(parseUnary());
      } else if (token && (token.kind === "word" || token.kind === "open" || token.kind === "not")) {
        nodes.push(parseUnary());
      } else {
        break;
      }
    }
    return nodes.length === 1 ? nodes[0]! : { kind: "and", nodes };
  };
  const parseUnary = (): SearchNode => {
    const token = tokens[position++];
    if (!token) throw new SearchSyntaxError(`Unexpected end of query: ${text}`);
    if (token.kind === "not") return { kind: "not", node: parseUnary() };
    if (token.kind === "open") {
      const inner = parseOr();
      if (tokens[position++]?.kind !== "close") throw new SearchSyntaxError(`Missing ')' in ${text}`);
      return inner;
    }
    if (token.kind === "word") return parseTerm(token.text);
    throw new SearchSyntaxError(`Unexpected ${token.kind.toUpperCase()} in ${text}`);
  };

  if (tokens.length === 0) return { kind: "and", nodes: [] };
  const node = parseOr();
  if (position < tokens.length) throw new SearchSyntaxError(`Unexpected ')' in ${text}`);
  return node;
}

/** Unknown fields and unreadable values, which the search ignores. */
export function collectSearchWarnings(node: SearchNode, timeZone: string): SearchWarning[] {
  if (node.kind === "not") return collectSearchWarnings(node.node, timeZone);
  if (node.kind !== "term") return node.nodes.flatMap((child) => collectSearchWarnings(child, timeZone));
  if (node.field === null) return [];
  if (!KNOWN_FIELDS.has(node.field)) return [{ field: node.field, message: "Invalid search field for this query." }];
  if (node.field === "created_at" && !readInstantBounds(node.value, timeZone))
    return [{ field: node.field, message: `Invalid date value: ${node.value}` }];
  if (node.field === "financial_status" && !FINANCIAL_STATUSES.has(node.value.toLowerCase()))
    return [{ field: node.field, message: `Invalid value: ${node.value}` }];
  return [];
}

/** The instants a created_at value covers: a whole local day for a date, one instant otherwise. */
function readInstantBounds(value: string, timeZone: string): { startMs: number; endMs: number } | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const startMs = zonedTimeToUtcMs(`${value}T00:00:00`, timeZone);
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    return Number.isNaN(startMs) ? null : { startMs, endMs: zonedTimeToUtcMs(`${next}T00:00:00`, timeZone) };
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const ms = hasZone ? Date.parse(value) : zonedTimeToUtcMs(value, timeZone);
  return Number.isNaN(ms) ? null : { startMs: ms, endMs: ms + 1 };
}

function matchesCreatedAt(node: { comparator: Comparator; value: string }, order: SearchableOrder, timeZone: string) {
  const bounds = readInstantBounds(node.value, timeZone);
  if (!bounds) return true;
  const at = order.createdAtMs;
  switch (node.comparator) {
    case ">=":
      return at >= bounds.startMs;
    case ">":
      return at >= bounds.endMs;
    case "<":
      return at < bounds.startMs;
    case "<=":
      return at < bounds.endMs;
    case ":":
      return at >= bounds.startMs && at < bounds.endMs;
  }
}

export function matchesSearch(node: SearchNode, order: SearchableOrder, timeZone: string): boolean {
  switch (node.kind) {
    case "and":
      return node.nodes.every((child) => matchesSearch(child, order, timeZone));
    case "or":
      return node.nodes.some((child) => matchesSearch(child, order, timeZone));
    case "not":
      return !matchesSearch(node.node, order, timeZone);
    case "term":
      if (node.field === null) return order.name.toLowerCase().includes(node.value.toLowerCase());
      if (node.field === "created_at") return matchesCreatedAt(node, order, timeZone);
      if (node.field === "financial_status") {
        const wanted = node.value.toLowerCase();
        return wanted === "any" || !FINANCIAL_STATUSES.has(wanted) || wanted === order.financialStatus;
      }
      return true;
  }
}

/**
 * The created_at window the top-level AND pins down ([fromMs, toMs), either end may be open),
 * so the sandbox reads only those days from the engine.
 */
export function readCreatedAtWindow(
  node: SearchNode,
  timeZone: string,
): { fromMs: number | null; toMs: number | null } {
  const terms = node.kind === "and" ? node.nodes : [node];
  let fromMs: number | null = null;
  let toMs: number | null = null;
  for (const term of terms) {
    if (term.kind !== "term" || term.field !== "created_at") continue;
    const bounds = readInstantBounds(term.value, timeZone);
    if (!bounds) continue;
    const lower =
      term.comparator === ">=" || term.comparator === ":"
        ? bounds.startMs
        : term.comparator === ">"
          ? bounds.endMs
          : null;
    const upper =
      term.comparator === "<"
        ? bounds.startMs
        : term.comparator === "<=" || term.comparator === ":"
          ? bounds.endMs
          : null;
    if (lower !== null) fromMs = fromMs === null ? lower : Math.max(fromMs, lower);
    if (upper !== null) toMs = toMs === null ? upper : Math.min(toMs, upper);
  }
  return { fromMs, toMs };
}

/** "YYYY-MM-DDTHH:mm:ss" wall-clock time in a zone → epoch ms (the earlier instant in a DST overlap). */
export function zonedTimeToUtcMs(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) return Number.NaN;
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const second = asUtc - zoneOffsetMs(first, timeZone);
  return Math.min(first, second);
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: −5 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const wallClock = Date.parse(`${formatInTimeZone(ms, timeZone)}Z`);
  return wallClock - Math.floor(ms / 1000) * 1000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a zone, "YYYY-MM-DDTHH:mm:ss". */
export function formatInTimeZone(ms: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
