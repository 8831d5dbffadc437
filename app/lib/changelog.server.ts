import { z } from "zod";
import { CHANGE_TYPES, type ChangelogRelease, RELEASE_TYPES } from "./changelog.ts";

/** What `content/changelog.json` must hold: every release, newest first (add a new one at the top). */
export const changelogSchema = z.array(
  z.object({
    version: z.string().min(1),
    date: z.iso.date(),
    type: z.enum(RELEASE_TYPES),
    summary: z.string().min(1),
    items: z
      .array(
        z.object({
          type: z.enum(CHANGE_TYPES),
          title: z.string().min(1),
          description: z.string().min(1),
        }),
      )
      .min(1),
  }),
);

/** Parses the changelog file; anything malformed fails loudly, naming the file and the field. */
export function parseChangelog(source: string): readonly ChangelogRelease[] {
  const parsed = changelogSchema.safeParse(JSON.parse(source));
  if (!parsed.success) throw new Error(`content/changelog.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The file, bundled into the server build at build time; nothing is read from disk at runtime. */
const SOURCES = import.meta.glob<string>("../../content/changelog.json", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Every Adhelm release, newest first, as `content/changelog.json` lists them. */
export const CHANGELOG_RELEASES: readonly ChangelogRelease[] = parseChangelog(readSource());

function readSource(): string {
  const source = SOURCES["../../content/changelog.json"];
  if (source === undefined) throw new Error("content/changelog.json is missing");
  return source;
}
