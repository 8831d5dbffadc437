/** Seeded numbers: never Math.random, so the same keys always give the same market. */

export interface Range {
  min: number;
  max: number;
}

/** FNV-1a, finished with murmur3's avalanche. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalizeHash(hash);
}

export function finalizeHash(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function mixSeeds(a: number, b: number): number {
  return finalizeHash(a ^ Math.imul(b + 0x7f4a7c15, 0x9e3779b1));
}

/** The `draw`-th number in [0, 1) of a keyed stream. */
export function unitDraw(seed: number, draw: number): number {
  return finalizeHash(seed + Math.imul(draw + 1, 0x9e3779b9)) / 4_294_967_296;
}

/** mulberry32: a sequence for building a market's structure. */
export function createSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function randomDigits(random: () => number, digits: number, prefix: string): string {
  let id = prefix;
  // The first free digit is never 0, so ids keep their length whatever the prefix.
  if (id.length === 0) id += String(1 + Math.floor(random() * 9));
  while (id.length < digits) id += String(Math.floor(random() * 10));
  return id;
}

export function pickIn(random: () => number, range: Range): number {
  return range.min + random() * (range.max - range.min);
}

export function logUniform(random: () => number, range: Range): number {
  return Math.exp(Math.log(range.min) + random() * (Math.log(range.max) - Math.log(range.min)));
}

export function roundToStep(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

export function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}
