// Bundled into the server build as text; nothing is read from disk at runtime.
import userGuideSource from "#content/docs/user-guide.md?raw";
import { type RenderedMarkdown, renderMarkdown } from "#core/content/markdown.ts";

/** Rendered once per process: the guide only changes with a new build. */
const USER_GUIDE: RenderedMarkdown = renderMarkdown(userGuideSource);

/** The user guide shown at /docs, with its headings for the table of contents. */
export function getUserGuide(): RenderedMarkdown {
  return USER_GUIDE;
}
