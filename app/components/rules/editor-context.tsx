/**
 * The editor's shared state: the draft, one way to change it, and each field's error (core's
 * English message translated, or the editor's own word for a figure that did not parse). Fields and
 * sections read it through `useEditor()`.
 */
import { createContext, type ReactNode, useContext, useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { currencyExponent } from "#core/shared/money.ts";
import type { RuleDraft } from "./rule-draft.ts";
import type { RuleEditorOptions } from "./rule-editor-types.ts";
import { fieldPaths } from "./rule-field-paths.ts";
import type { FieldErrors } from "./rule-validation.ts";

export interface EditorContextValue {
  draft: RuleDraft;
  change: (recipe: (draft: RuleDraft) => void) => void;
  errors: FieldErrors;
  options: RuleEditorOptions;
  locale: string;
  isReadOnly: boolean;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export function EditorProvider({ value, children }: { value: EditorContextValue; children: ReactNode }) {
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor() {
  const context = useContext(EditorContext);
  if (!context) throw new Error("useEditor() outside the rule editor");
  const { t } = useTranslation("rules");
  const { errors, options, locale } = context;
  const errorFor = (path: string): string | undefined => {
    const error = errors[path];
    if (!error) return undefined;
    if (error.kind === "message") return translateMessage(t, error.message);
    return error.problem === "amount"
      ? t("errors.amount", { example: exampleAmount(options.currency, locale) })
      : t("errors.number");
  };
  return { ...context, errorFor };
}

/** "25.50" ("25,50" in German, "26" in yen): an amount as the reader would type one. */
function exampleAmount(currency: string, locale: string): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(25.5);
}

export interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** A labelled control with its hint and, under it, its error. */
export function Field({
  path,
  label,
  hint,
  className,
  isLabelHidden = false,
  children,
}: {
  /** Where core reports this field's errors ("definition.actions.0.floorMinor"). */
  path: string;
  label: string;
  hint?: string;
  className?: string;
  isLabelHidden?: boolean;
  children: (aria: FieldAria) => ReactNode;
}) {
  const { errorFor } = useEditor();
  const id = useId();
  const error = errorFor(path);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid min-w-0 content-start gap-1.5", className)}>
      <Label htmlFor={id} className={cn(isLabelHidden && "sr-only")}>
        {label}
      </Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": described || undefined })}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" data-field-error={path}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Errors under `prefix` that no field shows (a list's own message, "A rule changes the budget at
 * most once.", or an entry of a list such as one bad label): listed where the section ends.
 */
export function SectionErrors({ prefix, className }: { prefix: string; className?: string }) {
  const { errors, draft, errorFor } = useEditor();
  const shown = fieldPaths(draft);
  const paths = Object.keys(errors).filter(
    (path) => (path === prefix || path.startsWith(`${prefix}.`)) && !shown.has(path),
  );
  if (paths.length === 0) return null;
  return (
    <ul className={cn("grid gap-1", className)}>
      {paths.map((path) => (
        <li key={path} className="text-destructive text-sm" data-field-error={path}>
          {errorFor(path)}
        </li>
      ))}
    </ul>
  );
}

/** One section of the editor: a titled card whose heading tells when something in it needs fixing. */
export function EditorSection({
  id,
  title,
  description,
  errorPrefix,
  children,
  aside,
}: {
  id: string;
  title: string;
  description: string;
  errorPrefix: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const { t } = useTranslation("rules");
  const { errors } = useEditor();
  const count = Object.keys(errors).filter((path) => path === errorPrefix || path.startsWith(`${errorPrefix}.`)).length;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn("scroll-mt-20 rounded-xl border bg-card shadow-xs", count > 0 && "border-destructive/50")}
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b px-4 py-3 sm:px-5">
        <div className="grid gap-0.5">
          <h2 id={`${id}-title`} className="font-semibold leading-snug">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        {count > 0 ? (
          <span className="rounded-full bg-destructive/10 px-2 py-0.5 font-medium text-destructive text-xs">
            {t("editor.sectionErrors", { count })}
          </span>
        ) : (
          aside
        )}
      </header>
      <div className="grid gap-4 p-4 sm:p-5">
        {children}
        <SectionErrors prefix={errorPrefix} />
      </div>
    </section>
  );
}
