/**
 * The changelog's shapes, labels and version rules. The releases themselves are content:
 * `content/changelog.json`, loaded on the server by `changelog.server.ts`.
 */
export const RELEASE_TYPES = ["major", "minor", "patch"] as const;
export const CHANGE_TYPES = ["feature", "improvement", "fix"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export type ChangeType = (typeof CHANGE_TYPES)[number];

export interface ChangelogItem {
  type: ChangeType;
  title: string;
  description: string;
}

export interface ChangelogRelease {
  /** Semantic version, `MAJOR.MINOR.PATCH`. */
  version: string;
  /** Release date, `YYYY-MM-DD`. */
  date: string;
  type: ReleaseType;
  /** One line on what the release is about. */
  summary: string;
  items: readonly ChangelogItem[];
}

export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  major: "Major",
  minor: "Minor",
  patch: "Patch",
};

export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = {
  feature: "Feature",
  improvement: "Improvement",
  fix: "Fix",
};

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** "3.2.1" → [3, 2, 1]; undefined when the text is not a plain semantic version. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = SEMVER.exec(version);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a is older than b, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) throw new Error(`Not a semantic version: ${left ? b : a}`);
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
}

/** The kind of release that goes from `previous` to `next` (which part of the version grew). */
export function classifyRelease(previous: string, next: string): ReleaseType {
  const [major, minor] = parseVersion(previous) ?? [0, 0, 0];
  const [nextMajor, nextMinor] = parseVersion(next) ?? [0, 0, 0];
  if (nextMajor > major) return "major";
  if (nextMinor > minor) return "minor";
  return "patch";
}
