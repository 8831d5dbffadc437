/**
 * Reads a raw mail (as the SMTP catcher or the outbox keeps it) the way a mail program shows it:
 * headers unfolded with their RFC 2047 encoded words decoded (a subject with "ä" travels as
 * "=?UTF-8?Q?...?="), and the text parts with their quoted-printable or base64 undone.
 */

function splitHeadersAndBody(raw: string): { headers: string; body: string } {
  const match = raw.match(/\r?\n\r?\n/);
  if (!match || match.index === undefined) return { headers: raw, body: "" };
  return { headers: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** A header's value, its folded lines joined. */
function headerIn(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return unfolded.match(new RegExp(`^${escaped}:[ \\t]*(.*)$`, "mi"))?.[1]?.trim() ?? "";
}

function bytesToText(bytes: number[], charset: string): string {
  return new TextDecoder(charset.toLowerCase()).decode(new Uint8Array(bytes));
}

function decodeQuotedPrintable(text: string, charset: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < source.length; index++) {
    const char = source[index] ?? "";
    const hex = source.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (char === "_" && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...new TextEncoder().encode(char));
    }
  }
  return bytesToText(bytes, charset);
}

function decodeBase64(text: string, charset: string): string {
  return bytesToText([...Buffer.from(text.replace(/\s+/g, ""), "base64")], charset);
}

/** "=?UTF-8?Q?Best=C3=A4tigen?= =?UTF-8?Q?_Sie?=" → "Bestätigen Sie" (the space between encoded words drops). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? decodeBase64(text, charset) : decodeQuotedPrintable(text, charset, true),
    );
}

/** The Subject as the reader sees it. */
export function decodedSubject(raw: string): string {
  return decodeEncodedWords(headerIn(splitHeadersAndBody(raw).headers, "Subject"));
}

/** Every text part of the mail (plain and HTML), decoded and joined. */
export function decodedBody(raw: string): string {
  const { headers, body } = splitHeadersAndBody(raw);
  const contentType = headerIn(headers, "Content-Type");
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .map((part) => decodedBody(part.replace(/^\r?\n/, "")))
      .join("\n");
  }
  if (contentType && !/^text\//i.test(contentType)) return "";
  const charset = contentType.match(/charset="?([^";]+)"?/i)?.[1] ?? "utf-8";
  const encoding = headerIn(headers, "Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body, charset);
  if (encoding === "base64") return decodeBase64(body, charset);
  return body;
}
