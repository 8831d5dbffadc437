import { randomBytes } from "node:crypto";

let lastMs = -1;
let sequence = 0;

/**
 * A UUID version 7: the first 48 bits are the Unix time in milliseconds, then a
 * 12-bit sequence that rises within one millisecond, then random bits. Sorted as
 * text, ids made by this process keep the order they were made in, so "newest
 * first" lists that break a created_at tie by id stay in insertion order.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // More than 4,096 ids in one millisecond: borrow the next one.
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  let ms = lastMs;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
