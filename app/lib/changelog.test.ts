import { describe, expect, it } from "vitest";
import { CHANGELOG_RELEASES, parseChangelog } from "./changelog.server.ts";
import {
  CHANGE_TYPE_LABELS,
  type ChangelogRelease,
  classifyRelease,
  compareVersions,
  parseVersion,
  RELEASE_TYPE_LABELS,
} from "./changelog.ts";

describe("changelog data", () => {
  it("loads every release of content/changelog.json, newest first", () => {
    expect(CHANGELOG_RELEASES.length).toBeGreaterThan(20);
    expect(CHANGELOG_RELEASES[0]).toMatchObject({ version: "3.2.1", date: "2026-11-03", type: "patch" });
    expect(CHANGELOG_RELEASES[0]?.items[0]).toEqual({
      type: "fix",
      title: "Dry runs respect the rule's cool-down",
      description:
        "A dry run could list the same campaign several days in a row when the rule's cool-down would have prevented it. It now simulates the cool-down exactly as the live rule applies it.",
    });
  });

  it("gives every release a valid semantic version, a real date and at least one item", () => {
    for (const release of CHANGELOG_RELEASES) {
      expect(parseVersion(release.version), release.version).toBeDefined();
      expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${release.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(release.date);
      expect(release.summary.length).toBeGreaterThan(0);
      expect(release.items.length).toBeGreaterThan(0);
    }
  });

  it("is ordered newest first, by version and by date, without duplicates", () => {
    for (let index = 1; index < CHANGELOG_RELEASES.length; index++) {
      const newer = CHANGELOG_RELEASES[index - 1]!;
      const older = CHANGELOG_RELEASES[index]!;
      expect(compareVersions(newer.version, older.version), `${newer.version} after ${older.version}`).toBeGreaterThan(
        0,
      );
      expect(newer.date > older.date, `${newer.date} after ${older.date}`).toBe(true);
    }
  });

  it("labels each release with the part of the version it bumps", () => {
    for (let index = 0; index < CHANGELOG_RELEASES.length - 1; index++) {
      const release = CHANGELOG_RELEASES[index]!;
      const previous = CHANGELOG_RELEASES[index + 1]!;
      expect(release.type, release.version).toBe(classifyRelease(previous.version, release.version));
    }
    expect(CHANGELOG_RELEASES.at(-1)).toMatchObject({ version: "1.0.0", type: "major" });
  });

  it("uses only known item types and release types, with unique item titles per release", () => {
    for (const release of CHANGELOG_RELEASES) {
      expect(Object.keys(RELEASE_TYPE_LABELS)).toContain(release.type);
      for (const item of release.items) {
        expect(Object.keys(CHANGE_TYPE_LABELS)).toContain(item.type);
        expect(item.title.length).toBeGreaterThan(0);
        expect(item.description.length).toBeGreaterThan(0);
      }
      const titles = release.items.map((item) => item.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it("covers the company's history from 2022 to 2026", () => {
    const years = new Set(CHANGELOG_RELEASES.map((release) => release.date.slice(0, 4)));
    expect([...years].sort()).toEqual(["2022", "2023", "2024", "2025", "2026"]);
  });
});

describe("the changelog file", () => {
  const release: ChangelogRelease = {
    version: "1.0.0",
    date: "2022-09-27",
    type: "major",
    summary: "Adhelm launches.",
    items: [{ type: "feature", title: "Daily sync", description: "Kept up to date." }],
  };

  it("parses releases into the shape the pages use", () => {
    expect(parseChangelog(JSON.stringify([release]))).toEqual([release]);
  });

  it.each([
    ["an unknown release type", { ...release, type: "huge" }, /type/],
    ["an impossible date", { ...release, date: "2022-02-30" }, /date/],
    ["a release without items", { ...release, items: [] }, /items/],
    ["an item without a title", { ...release, items: [{ type: "fix", title: "", description: "x" }] }, /title/],
  ])("refuses %s, naming the file", (_case, bad, field) => {
    expect(() => parseChangelog(JSON.stringify([bad]))).toThrow(/content\/changelog\.json/);
    expect(() => parseChangelog(JSON.stringify([bad]))).toThrow(field);
  });
});

describe("versions", () => {
  it.each([
    ["1.0.0", [1, 0, 0]],
    ["10.20.30", [10, 20, 30]],
    ["1.0", undefined],
    ["01.0.0", undefined],
    ["1.0.0-beta", undefined],
    ["v1.0.0", undefined],
  ] as const)("parses %s", (version, expected) => {
    expect(parseVersion(version)).toEqual(expected);
  });

  it("compares numerically, not as text", () => {
    expect(compareVersions("2.10.0", "2.9.9")).toBeGreaterThan(0);
    expect(compareVersions("1.0.0", "1.0.1")).toBeLessThan(0);
    expect(compareVersions("3.2.1", "3.2.1")).toBe(0);
    expect(() => compareVersions("3.2", "3.2.1")).toThrow(/3\.2/);
  });

  it.each([
    ["2.6.1", "3.0.0", "major"],
    ["3.0.0", "3.1.0", "minor"],
    ["3.1.0", "3.1.1", "patch"],
  ] as const)("classifies %s → %s as %s", (previous, next, type) => {
    expect(classifyRelease(previous, next)).toBe(type);
  });
});
