// npm run lint:i18n: the message catalogs are complete, and translated screens say nothing outside them.
//   1. Catalogs (app/locales/<language>/<namespace>.json): every language has exactly English's keys
//      (with the plural forms its language needs), no empty text, the same {{placeholders}}, no
//      sentence left in English, and every key is used somewhere in the source (but a notification
//      catalog's, core/<slice>/locales/<language>/*-alerts.json or *-notifications.json: the
//      notifications slice reads its `<key>.title` and `<key>.body`, so each key must be one of those).
//   2. Sources: in every file under app/ but the English-only ones (ENGLISH_ONLY below), a text in JSX, in a user-facing
//      attribute, in a toast or in a title/label/description property must come from the catalog.
//      A line with `i18n-ignore` (or the line above it) is skipped, for the rare text that is not words.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOCALES = path.join(ROOT, "app/locales");
/**
 * Every catalog folder: the app's, and core's own for what core writes in the reader's language
 * (core/<slice>/locales/: the account mails, the CSV exports).
 */
export function catalogRoots(): string[] {
  const core = path.join(ROOT, "core");
  const own = readdirSync(core)
    .map((slice) => path.join(core, slice, "locales"))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory());
  return [LOCALES, ...own];
}
export const LANGUAGES = ["en", "es", "fr", "de"] as const;

/**
 * What stays in English: the public marketing site, the legal documents and their shared pieces
 * (the issue allows it, and the preferences page says so). Everything else under app/ is written
 * with the catalog and scanned, so a new screen is checked from its first line.
 */
export const ENGLISH_ONLY = [
  "app/routes/site",
  "app/routes/legal",
  "app/routes/not-found.tsx",
  "app/routes/resources/logout.ts",
  "app/components/marketing",
  "app/components/blog",
  "app/components/content",
  "app/components/legal",
  "app/components/careers",
  "app/components/help",
  "app/components/forms",
  "app/components/layout/site-footer.tsx",
  "app/components/layout/site-header.tsx",
  "app/components/layout/site-layout.tsx",
  "app/components/layout/static-toast.tsx",
  // The public /api page and its reference (Settings → API keys is translated).
  "app/components/api/api-answer-view.tsx",
  "app/components/api/api-console.tsx",
  "app/components/api/api-reference-screen.tsx",
  "app/components/api/console-key.tsx",
  "app/components/api/inline-code.tsx",
  "app/components/api/method-badge.tsx",
  "app/components/api/openapi-reference.ts",
  "app/components/api/operation-section.tsx",
  "app/components/api/schema-fields.tsx",
  "app/components/api/try-it-types.ts",
  "app/components/api/try-it-view.ts",
  "app/lib/api-examples.ts",
  "app/lib/legal-documents.ts",
  "app/lib/marketing-content.ts",
  "app/lib/public-form-action.server.ts",
  "app/lib/structured-data.ts",
];

/** Every source file under app/ that is not English-only: the translated screens. */
export function translatedFiles(englishOnly = ENGLISH_ONLY): string[] {
  const isEnglishOnly = (file: string) => englishOnly.some((entry) => file === entry || file.startsWith(`${entry}/`));
  return sourceFiles(path.join(ROOT, "app"))
    .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
    .filter((file) => !isEnglishOnly(file));
}

/** Words that stay as they are in every language: names, and the field's own abbreviations. */
export const KEEP_AS_IS = new Set([
  "Adhelm",
  "Google Ads",
  "Microsoft Advertising",
  "Meta",
  "TikTok",
  "LinkedIn",
  "Shopify",
  "WooCommerce",
  "ROAS",
  "CPA",
  "CPC",
  "CTR",
  "CSV",
  "API",
  "GitHub",
  "X",
]);

export interface Problem {
  file: string;
  line?: number;
  message: string;
}

type Catalog = Record<string, unknown>;
type Catalogs = Map<string, Map<string, Record<string, string>>> & { dir?: string };

function flatten(value: unknown, prefix = "", into: Record<string, string> = {}): Record<string, string> {
  if (typeof value === "string") into[prefix] = value;
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** Reads every catalog: language → namespace → flat key → text. */
export function readCatalogs(
  localesDir = LOCALES,
  label = path.relative(ROOT, localesDir).split(path.sep).join("/"),
): Catalogs {
  const catalogs: Catalogs = new Map();
  catalogs.dir = label;
  for (const language of readdirSync(localesDir)) {
    const dir = path.join(localesDir, language);
    if (!statSync(dir).isDirectory()) continue;
    const namespaces = new Map<string, Record<string, string>>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      const json = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Catalog;
      // The "messages" and "messages-<area>" namespaces are keyed by core's English texts, dots
      // and all: keep their keys whole.
      const namespace = file.replace(/\.json$/, "");
      namespaces.set(namespace, /^messages(-|$)/.test(namespace) ? (json as Record<string, string>) : flatten(json));
    }
    catalogs.set(language, namespaces);
  }
  return catalogs;
}

/** Missing, extra, empty, untranslated keys and mismatched placeholders, against English. */
export function checkCatalogs(catalogs: Catalogs = readCatalogs()): Problem[] {
  const problems: Problem[] = [];
  const dir = catalogs.dir ?? "app/locales";
  const english = catalogs.get("en") ?? new Map();
  for (const language of LANGUAGES) {
    const own = catalogs.get(language);
    if (!own) {
      problems.push({ file: `${dir}/${language}`, message: "the language has no catalogs" });
      continue;
    }
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [namespace, source] of english) {
      const file = `${dir}/${language}/${namespace}.json`;
      const texts = own.get(namespace);
      if (!texts) {
        problems.push({ file, message: "missing catalog" });
        continue;
      }
      const expected = new Set<string>();
      for (const key of Object.keys(source)) {
        const base = key.replace(PLURAL_SUFFIX, "");
        if (base !== key) for (const category of categories) expected.add(`${base}_${category}`);
        else expected.add(key);
      }
      for (const key of expected) if (!(key in texts)) problems.push({ file, message: `missing key "${key}"` });
      for (const [key, text] of Object.entries(texts)) {
        if (!expected.has(key)) {
          problems.push({ file, message: `key "${key}" is not in English` });
          continue;
        }
        if (!text.trim()) problems.push({ file, message: `key "${key}" is empty` });
        const englishText = source[key] ?? source[`${key.replace(PLURAL_SUFFIX, "")}_other`] ?? "";
        if (placeholders(text).join() !== placeholders(englishText).join())
          problems.push({
            file,
            message: `key "${key}" has placeholders ${placeholders(text)} but English has ${placeholders(englishText)}`,
          });
        if (language !== "en" && text === englishText && englishText.trim().split(/\s+/).length >= 3)
          problems.push({ file, message: `key "${key}" is still in English: "${text}"` });
      }
    }
    for (const namespace of own.keys())
      if (!english.has(namespace))
        problems.push({
          file: `${dir}/${language}/${namespace}.json`,
          message: "no English catalog of that name",
        });
  }
  return problems;
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, into);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(full);
  }
  return into;
}

/**
 * A notification catalog: core/<slice>/locales/<language>/<name>-alerts.json or -notifications.json.
 * A slice raises a notification with `{ catalog, key }` and the notifications slice reads
 * `${key}.title` and `${key}.body` (core/notifications/notification-text.ts), so no source names
 * those keys whole. The documented exception: their keys count as used, and each must be a
 * notification's words instead, a `title` (plural forms allowed) and a `body` under one key.
 */
function isNotificationCatalog(dir: string, namespace: string): boolean {
  return /^core\/[^/]+\/locales$/.test(dir) && /-(alerts|notifications)$/.test(namespace);
}

/** A notification catalog's keys that are not `<key>.title` and `<key>.body` pairs. */
function notificationShapeProblems(file: string, texts: Record<string, string>): Problem[] {
  const parts = new Map<string, Set<string>>();
  const problems: Problem[] = [];
  for (const key of Object.keys(texts)) {
    const match = /^(.+)\.(title|body)$/.exec(key.replace(PLURAL_SUFFIX, ""));
    if (!match?.[1] || !match[2]) {
      problems.push({ file, message: `key "${key}" is not a notification's title or body` });
      continue;
    }
    parts.set(match[1], (parts.get(match[1]) ?? new Set()).add(match[2]));
  }
  for (const [name, found] of parts)
    for (const part of ["title", "body"])
      if (!found.has(part)) problems.push({ file, message: `notification "${name}" has no ${part}` });
  return problems;
}

/**
 * Keys no source file names: a key is used when it appears as a string literal in app/ or core/.
 * Notification catalogs (isNotificationCatalog) are checked for their shape instead.
 */
export function findUnusedKeys(catalogs: Catalogs = readCatalogs(), roots = ["app", "core"]): Problem[] {
  const dir = catalogs.dir ?? "app/locales";
  const literals = new Set<string>();
  for (const root of roots)
    for (const file of sourceFiles(path.join(ROOT, root)))
      for (const match of readFileSync(file, "utf8").matchAll(/(["'`])((?:\\.|(?!\1).)*)\1/g)) {
        const text = (match[2] ?? "").replace(/\\(["'`\\])/g, "$1");
        literals.add(text);
        const colon = text.indexOf(":");
        if (colon > 0) literals.add(text.slice(colon + 1));
      }
  const problems: Problem[] = [];
  for (const [namespace, texts] of catalogs.get("en") ?? new Map()) {
    if (isNotificationCatalog(dir, namespace)) {
      problems.push(...notificationShapeProblems(`${dir}/en/${namespace}.json`, texts));
      continue;
    }
    for (const key of Object.keys(texts)) {
      const base = key.replace(PLURAL_SUFFIX, "");
      if (!literals.has(base) && !literals.has(key))
        problems.push({ file: `${dir}/en/${namespace}.json`, message: `key "${key}" is not used` });
    }
  }
  return problems;
}

const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "placeholder",
  "title",
  "alt",
  "label",
  "description",
  "heading",
  "message",
]);
const TEXT_PROPERTIES = new Set(["title", "label", "description", "message", "placeholder", "heading", "text"]);
const TOASTS = /^toast(\.(success|error|info|warning|message))?$/;
const LETTERS = /\p{L}{2,}/u;
/** A catalog key, as config objects hold them: "dashboard.cards.spend". */
const CATALOG_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

function isWords(text: string): boolean {
  const trimmed = text.trim();
  return LETTERS.test(trimmed) && !KEEP_AS_IS.has(trimmed) && !CATALOG_KEY.test(trimmed);
}

type Node = { type: string; span?: { start: number }; [key: string]: unknown };

/** Texts in one source file that bypass the catalog. */
export function scanSource(file: string, code: string): Problem[] {
  const isTsx = file.endsWith(".tsx");
  // swc's spans count bytes from an offset shared by every parse: a leading ";" marks this file's start.
  const module = parseSync(`;${code}`, { syntax: "typescript", tsx: isTsx, comments: false });
  const lines = code.split("\n");
  const base = ((module.body[0] as unknown as Node | undefined)?.span?.start ?? 0) + 1;
  const encoded = Buffer.from(code, "utf8");
  // Some nodes (an object's key: value) carry no span of their own: use their first part's.
  const startOf = (node: Node): number =>
    node.span?.start ??
    Object.values(node)
      .filter((value): value is Node => Boolean(value) && typeof value === "object" && !Array.isArray(value))
      .map(startOf)
      .find((start) => start > 0) ??
    base;
  const lineOf = (node: Node) => {
    const offset = startOf(node) - base;
    return encoded.subarray(0, Math.max(0, offset)).toString("utf8").split("\n").length;
  };
  const problems: Problem[] = [];
  const report = (node: Node, text: string, where: string) => {
    const line = lineOf(node);
    if (/i18n-ignore/.test(lines[line - 1] ?? "") || /i18n-ignore/.test(lines[line - 2] ?? "")) return;
    problems.push({ file, line, message: `${where} "${text.trim().slice(0, 60)}" is not from the catalog` });
  };
  const stringOf = (node: Node | undefined): string | null => {
    if (!node) return null;
    if (node.type === "StringLiteral") return node.value as string;
    if (node.type === "TemplateLiteral")
      return ((node.quasis as Node[]) ?? []).map((quasi) => (quasi.cooked as string) ?? "").join(" ");
    if (node.type === "JSXExpressionContainer") return stringOf(node.expression as Node);
    if (node.type === "ConditionalExpression")
      return [stringOf(node.consequent as Node), stringOf(node.alternate as Node)].filter(Boolean).join(" ") || null;
    if (node.type === "BinaryExpression" && (node.operator === "??" || node.operator === "||"))
      return stringOf(node.right as Node);
    return null;
  };
  const calleeName = (node: Node): string => {
    if (node.type === "Identifier") return node.value as string;
    if (node.type === "MemberExpression")
      return `${calleeName(node.object as Node)}.${calleeName(node.property as Node)}`;
    return "";
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    const current = node as Node;
    switch (current.type) {
      case "JSXText":
        if (isWords(current.value as string)) report(current, current.value as string, "JSX text");
        break;
      case "JSXExpressionContainer": {
        const text = stringOf(current.expression as Node);
        if (text !== null && isWords(text)) report(current, text, "JSX string");
        break;
      }
      case "JSXAttribute": {
        const name = (current.name as Node)?.value as string | undefined;
        const text = stringOf(current.value as Node);
        if (name && TEXT_ATTRIBUTES.has(name) && text !== null && isWords(text))
          report(current, text, `attribute ${name}`);
        // A JSX attribute's own expression was judged here; its children still get visited.
        visit((current.value as Node | undefined)?.expression);
        return;
      }
      case "CallExpression": {
        const args = current.arguments as { expression: Node }[];
        if (TOASTS.test(calleeName(current.callee as Node))) {
          const text = stringOf(args[0]?.expression);
          if (text !== null && isWords(text)) report(current, text, "toast");
        }
        break;
      }
      case "KeyValueProperty": {
        const key = current.key as Node;
        const name = (key.value as string | undefined) ?? "";
        const text = stringOf(current.value as Node);
        if (TEXT_PROPERTIES.has(name) && text !== null && isWords(text)) report(current, text, `property ${name}`);
        break;
      }
    }
    for (const [key, value] of Object.entries(current)) if (key !== "span") visit(value);
  };
  visit(module);
  return problems;
}

/** Every translated file's texts that bypass the catalog (or those of `paths`: files or folders). */
export function scanTranslatedSources(paths?: string[]): Problem[] {
  const files = paths
    ? paths.flatMap((entry) => {
        const full = path.join(ROOT, entry);
        return statSync(full).isDirectory() ? sourceFiles(full) : [full];
      })
    : translatedFiles().map((file) => path.join(ROOT, file));
  return files.flatMap((file) => scanSource(path.relative(ROOT, file), readFileSync(file, "utf8")));
}

if (import.meta.main) {
  const catalogs = catalogRoots().map((root) => readCatalogs(root));
  const problems = [
    ...catalogs.flatMap((each) => [...checkCatalogs(each), ...findUnusedKeys(each)]),
    ...scanTranslatedSources(),
  ];
  for (const problem of problems)
    console.error(`${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) with the message catalogs (docs/ARCHITECTURE.md → Languages).`);
    process.exit(1);
  }
  console.log(
    `✔ catalogs complete in ${LANGUAGES.length} languages; ${translatedFiles().length} translated files say nothing outside them`,
  );
}
