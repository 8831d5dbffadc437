/**
 * A strict reader of Rest.li protocol 2.0 query values, as LinkedIn's versioned APIs take them:
 * `(key:value,…)` records, `List(a,b)` lists and primitives whose reserved characters
 * (`(`, `)`, `,`, `:`, `'`) arrive percent-encoded, e.g. `List(urn%3Ali%3AsponsoredAccount%3A1)`.
 * It reads the raw (undecoded) query string, because decoding first would hide bad encoding.
 */

export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

export class RestliSyntaxError extends Error {}

/** The raw query's parameters, names decoded, values left encoded (last one wins). */
export function readRawQuery(url: string): Map<string, string> {
  const query = new URL(url).search.slice(1);
  const params = new Map<string, string>();
  if (!query) return params;
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const index = pair.indexOf("=");
    const name = decodeURIComponent(index === -1 ? pair : pair.slice(0, index));
    params.set(name, index === -1 ? "" : pair.slice(index + 1));
  }
  return params;
}

export function parseRestliValue(raw: string): RestliValue {
  const parser = { text: raw, index: 0 };
  const value = readValue(parser);
  if (parser.index !== raw.length)
    throw new RestliSyntaxError(`Unexpected '${raw[parser.index]}' at position ${parser.index} in ${raw}`);
  return value;
}

interface Cursor {
  text: string;
  index: number;
}

function readValue(cursor: Cursor): RestliValue {
  if (cursor.text.startsWith("List(", cursor.index)) {
    cursor.index += 5;
    const items: RestliValue[] = [];
    if (cursor.text[cursor.index] === ")") {
      cursor.index++;
      return items;
    }
    for (;;) {
      items.push(readValue(cursor));
      const next = cursor.text[cursor.index++];
      if (next === ")") return items;
      if (next !== ",") throw new RestliSyntaxError(`Expected ',' or ')' in a List at position ${cursor.index - 1}`);
    }
  }
  if (cursor.text[cursor.index] === "(") {
    cursor.index++;
    const record: Record<string, RestliValue> = {};
    if (cursor.text[cursor.index] === ")") {
      cursor.index++;
      return record;
    }
    for (;;) {
      const key = readPrimitive(cursor);
      if (cursor.text[cursor.index++] !== ":")
        throw new RestliSyntaxError(`Expected ':' after '${key}' at position ${cursor.index - 1}`);
      record[key] = readValue(cursor);
      const next = cursor.text[cursor.index++];
      if (next === ")") return record;
      if (next !== ",") throw new RestliSyntaxError(`Expected ',' or ')' in a record at position ${cursor.index - 1}`);
    }
  }
  return readPrimitive(cursor);
}

function readPrimitive(cursor: Cursor): string {
  const start = cursor.index;
  while (cursor.index < cursor.text.length && !"(),:".includes(cursor.text[cursor.index]!)) cursor.index++;
  const raw = cursor.text.slice(start, cursor.index);
  if (raw.includes("'")) throw new RestliSyntaxError(`Unencoded ' in ${raw}`);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new RestliSyntaxError(`Bad percent-encoding in ${raw}`);
  }
}

export function isRestliRecord(value: RestliValue | undefined): value is { [key: string]: RestliValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
