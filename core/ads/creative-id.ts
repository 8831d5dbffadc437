import { createHash } from "node:crypto";

/**
 * Our id of a creative: the same for every ad that shows it (a Meta adcreative used by several
 * ads), derived from its ad account and the platform's creative id, so a re-sync keeps it and no
 * lookup is needed to assign it. Formatted as a UUID like our other ids.
 */
export function creativeIdOf(adAccountId: string, creativeExternalId: string): string {
  const hex = createHash("sha256").update(`${adAccountId}\n${creativeExternalId}`).digest("hex");
  // A name-based UUID layout (version 5 bits, RFC 4122 variant) over the digest.
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
