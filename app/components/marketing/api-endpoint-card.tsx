import { ChevronDown, Play } from "lucide-react";
import {
  type ApiEndpointExample,
  buildCurlCommand,
  formatJson,
  formatStatusLine,
  type HttpMethod,
} from "../../lib/api-examples.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";
import { CodeBlock } from "./code-block.tsx";

const METHOD_STYLES: Record<HttpMethod, string> = {
  GET: "bg-primary/10 text-primary",
  POST: "bg-success/15 text-foreground",
  PUT: "bg-warning/20 text-foreground",
};

function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span className={cn("rounded-md px-2 py-1 font-mono font-semibold text-xs", METHOD_STYLES[method])}>{method}</span>
  );
}

/**
 * One documented endpoint. "Try it" discloses the example request and response: a native
 * <details>, so it works on a page without JavaScript. The API issue will swap the example for a
 * live call.
 */
export function ApiEndpointCard({ endpoint, baseUrl }: { endpoint: ApiEndpointExample; baseUrl: string }) {
  const headingId = `endpoint-${endpoint.id}-heading`;
  const label = `${endpoint.method} ${endpoint.path}`;

  return (
    <article aria-labelledby={headingId} className="relative rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="grid gap-2 p-5 sm:p-6 sm:pr-40">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2">
          <MethodBadge method={endpoint.method} />
          <code className="break-all font-mono font-semibold text-sm sm:text-base">{endpoint.path}</code>
        </h3>
        <p className="text-pretty text-muted-foreground text-sm">
          <span className="font-medium text-foreground">{endpoint.summary}.</span> {endpoint.description}
        </p>
      </div>
      <details className="group">
        <summary
          className={cn(
            buttonVariants({ variant: "outline" }),
            "mx-5 mb-5 w-fit cursor-pointer list-none sm:absolute sm:top-6 sm:right-6 sm:m-0 [&::-webkit-details-marker]:hidden",
            "group-open:bg-secondary group-open:text-secondary-foreground",
          )}
        >
          <Play aria-hidden="true" />
          Try it<span className="sr-only"> {label}</span>
          <ChevronDown aria-hidden="true" className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="grid gap-5 border-t p-5 sm:p-6">
          <div className="grid min-w-0 content-start gap-2">
            <h4 className="font-medium text-sm">Request</h4>
            <CodeBlock label={`Example request: ${label}`} code={buildCurlCommand(endpoint, baseUrl)} />
          </div>
          <div className="grid min-w-0 content-start gap-2">
            <h4 className="flex items-center gap-2 font-medium text-sm">
              Response
              <span className="rounded-md bg-muted px-2 py-0.5 font-mono font-normal text-muted-foreground text-xs">
                {formatStatusLine(endpoint)}
              </span>
            </h4>
            <CodeBlock
              label={`Example response: ${label}`}
              code={formatJson(endpoint.responseBody)}
              className="max-h-96"
            />
          </div>
        </div>
      </details>
    </article>
  );
}
