import { ChevronRight } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import { InlineCode } from "./inline-code.tsx";
import type { SchemaField } from "./openapi-reference.ts";

/**
 * The fields of a schema as a definition list. Nested objects fold into native <details>, so the
 * tree reads without JavaScript and stays short until someone opens a branch.
 */
export function SchemaFields({ fields, className }: { fields: SchemaField[]; className?: string }) {
  if (fields.length === 0) return null;
  return (
    <ul className={cn("divide-y rounded-lg border", className)}>
      {fields.map((field) => (
        <li key={field.name} className="grid gap-1.5 px-4 py-3">
          <FieldSummary field={field} />
          {field.children.length > 0 ? (
            <details className="group/field mt-1">
              <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-sm text-muted-foreground text-xs hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                <ChevronRight aria-hidden="true" className="size-3.5 transition-transform group-open/field:rotate-90" />
                {field.children.length} {field.children.length === 1 ? "field" : "fields"} of {field.name}
              </summary>
              <SchemaFields fields={field.children} className="mt-2" />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function FieldSummary({ field }: { field: SchemaField }) {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono font-semibold text-sm">{field.name}</code>
        <span className="font-mono text-muted-foreground text-xs">{field.type}</span>
        {field.isRequired ? (
          <span className="font-medium text-destructive text-xs">required</span>
        ) : (
          <span className="text-muted-foreground text-xs">optional</span>
        )}
      </p>
      {field.description ? (
        <p className="text-pretty text-muted-foreground text-sm">
          <InlineCode text={field.description} />
        </p>
      ) : null}
      {field.constraints.length > 0 ? (
        <p className="flex flex-wrap gap-1.5">
          {field.constraints.map((constraint) => (
            <span key={constraint} className="rounded bg-muted px-1.5 py-0.5 font-mono text-muted-foreground text-xs">
              {constraint}
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
