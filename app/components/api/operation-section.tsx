import { ChevronRight, Lock } from "lucide-react";
import { CodeBlock } from "#app/components/marketing/code-block.tsx";
import { buildCurl, formatJson } from "#app/lib/api-examples.ts";
import { cn } from "#app/lib/cn.ts";
import { isSuccessfulStatus } from "./api-answer-view.tsx";
import { ApiConsole } from "./api-console.tsx";
import { InlineCode } from "./inline-code.tsx";
import { MethodBadge } from "./method-badge.tsx";
import { buildRequestPath, type ReferenceOperation, type ReferenceResponse } from "./openapi-reference.ts";
import { SchemaFields } from "./schema-fields.tsx";

/** The path of the example call: placeholders filled with the documented examples. */
function examplePathOf(operation: ReferenceOperation): string {
  const values = Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.location === "path" || parameter.isRequired)
      .map((parameter) => [parameter.name, parameter.example]),
  );
  return buildRequestPath(operation, values);
}

/** One operation: what it does and takes on the left, its examples and a live console on the right. */
export function OperationSection({ operation, baseUrl }: { operation: ReferenceOperation; baseUrl: string }) {
  const headingId = `${operation.id}-heading`;
  const label = `${operation.method} ${operation.path}`;
  const success = operation.responses.find((response) => response.status.startsWith("2"));
  const pathParameters = operation.parameters.filter((parameter) => parameter.location === "path");
  const queryParameters = operation.parameters.filter((parameter) => parameter.location === "query");
  const headerParameters = operation.parameters.filter((parameter) => parameter.location === "header");

  return (
    <section id={operation.id} aria-labelledby={headingId} className="scroll-mt-24 border-t pt-10">
      <div className="grid gap-3">
        <h3 id={headingId} className="font-semibold text-xl tracking-tight">
          {operation.summary}
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <MethodBadge method={operation.method} />
          <code className="break-all font-mono text-sm">{operation.path}</code>
          {operation.isAuthenticated ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
              <Lock aria-hidden="true" className="size-3" />
              Bearer key
            </span>
          ) : null}
        </p>
        {operation.description ? (
          <p className="max-w-3xl text-pretty text-muted-foreground">
            <InlineCode text={operation.description} />
          </p>
        ) : null}
      </div>

      <div className="mt-8 grid gap-10 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid min-w-0 content-start gap-8">
          <ParameterGroup title="Path parameters" parameters={pathParameters} />
          <ParameterGroup title="Query parameters" parameters={queryParameters} />
          <ParameterGroup title="Headers" parameters={headerParameters} />
          {operation.requestBody ? (
            <div className="grid gap-3">
              <h4 className="flex items-baseline gap-2 font-semibold">
                Request body
                <span className="font-mono font-normal text-muted-foreground text-xs">
                  {operation.requestBody.type}
                  {operation.requestBody.isRequired ? ", required" : ""}
                </span>
              </h4>
              <SchemaFields fields={operation.requestBody.fields} />
            </div>
          ) : null}
          <div className="grid gap-3">
            <h4 className="font-semibold">Responses</h4>
            <ul className="divide-y rounded-lg border">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <ResponseDetails response={response} label={label} isOpen={response === success} />
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <div className="grid gap-2">
            <h4 className="font-semibold text-sm">Example request</h4>
            <CodeBlock
              label={`Example request: ${label}`}
              code={buildCurl(
                {
                  method: operation.method,
                  path: examplePathOf(operation),
                  body: operation.requestBody?.example,
                },
                baseUrl,
              )}
            />
          </div>
          {success && success.example !== null ? (
            <div className="grid gap-2">
              <h4 className="font-semibold text-sm">Example response · {success.status}</h4>
              <CodeBlock label={`Example response: ${label}`} code={formatJson(success.example)} className="max-h-80" />
            </div>
          ) : null}
          <ApiConsole operation={operation} />
        </div>
      </div>
    </section>
  );
}

function ParameterGroup({ title, parameters }: { title: string; parameters: ReferenceOperation["parameters"] }) {
  if (parameters.length === 0) return null;
  return (
    <div className="grid gap-3">
      <h4 className="font-semibold">{title}</h4>
      <SchemaFields
        fields={parameters.map((parameter) => ({
          name: parameter.name,
          isRequired: parameter.isRequired,
          type: parameter.type,
          description: parameter.description,
          constraints: parameter.example
            ? [...parameter.constraints, `Example: ${parameter.example}`]
            : parameter.constraints,
          children: [],
        }))}
      />
    </div>
  );
}

function ResponseDetails({ response, label, isOpen }: { response: ReferenceResponse; label: string; isOpen: boolean }) {
  const isSuccess = isSuccessfulStatus(Number(response.status));
  const hasMore = response.fields.length > 0 || response.headers.length > 0 || response.example !== null;
  const summary = (
    <>
      <span
        className={cn(
          "rounded px-1.5 py-0.5 font-mono font-semibold text-xs",
          isSuccess ? "bg-success/15 text-foreground" : "bg-destructive/10 text-destructive",
        )}
      >
        {response.status}
      </span>
      <span className="min-w-0 text-pretty text-sm">
        <InlineCode text={response.description} />
      </span>
    </>
  );
  if (!hasMore) return <p className="flex items-center gap-3 px-4 py-3">{summary}</p>;
  return (
    <details open={isOpen} className="group/response">
      <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open/response:rotate-90"
        />
        {summary}
      </summary>
      <div className="grid gap-4 px-4 pb-4">
        {response.headers.length > 0 ? (
          <dl className="grid gap-2 rounded-lg border px-4 py-3 text-sm">
            {response.headers.map((header) => (
              <div key={header.name} className="grid gap-0.5">
                <dt className="font-mono font-semibold text-xs">{header.name}</dt>
                {header.description ? (
                  <dd className="text-pretty text-muted-foreground">
                    <InlineCode text={header.description} />
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        ) : null}
        <SchemaFields fields={response.fields} />
        {response.example !== null && !isSuccess ? (
          <CodeBlock label={`Example ${response.status} response: ${label}`} code={formatJson(response.example)} />
        ) : null}
      </div>
    </details>
  );
}
