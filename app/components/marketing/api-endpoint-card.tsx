import { ChevronDown, Play, Send, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ApiAnswerView } from "#app/components/api/api-answer-view.tsx";
import { MethodBadge } from "#app/components/api/method-badge.tsx";
import type { TryPlanView, TryResult } from "#app/components/api/try-it-types.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import {
  type ApiEndpointExample,
  buildCurl,
  buildCurlCommand,
  formatJson,
  formatStatusLine,
} from "#app/lib/api-examples.ts";
import { cn } from "#app/lib/cn.ts";
import { CodeBlock } from "./code-block.tsx";

/** Try it for a signed-in member whose team has an active key: the plan, the page's token and the last answer. */
export interface LiveTryIt {
  plan: TryPlanView;
  token: string;
  result: TryResult | null;
}

/** The note under an example: why it is an example, and the way to real data. */
export interface ExampleNote {
  text: string;
  href: string;
}

const TRY_BUTTON = cn(
  buttonVariants({ variant: "outline" }),
  "mx-5 mb-5 w-fit cursor-pointer sm:absolute sm:top-6 sm:right-6 sm:m-0",
);

/**
 * One documented endpoint. Everything here works without JavaScript: the example is a native
 * <details>, and a live Try it is a plain form post whose answer comes back in the page.
 */
export function ApiEndpointCard({
  endpoint,
  baseUrl,
  live,
  exampleNote,
}: {
  endpoint: ApiEndpointExample;
  baseUrl: string;
  /** Null: the documented example (anonymous visitors, or a team without an active key). */
  live: LiveTryIt | null;
  exampleNote: ExampleNote;
}) {
  const headingId = `endpoint-${endpoint.id}-heading`;
  const label = `${endpoint.method} ${endpoint.path}`;
  const plan = live?.plan;

  return (
    <article
      id={`endpoint-${endpoint.id}`}
      aria-labelledby={headingId}
      className="relative scroll-mt-24 rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="grid gap-2 p-5 sm:p-6 sm:pr-40">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2">
          <MethodBadge method={endpoint.method} />
          <code className="break-all font-mono font-semibold text-sm sm:text-base">{endpoint.path}</code>
        </h3>
        <p className="text-pretty text-muted-foreground text-sm">
          <span className="font-medium text-foreground">{endpoint.summary}.</span> {endpoint.description}
        </p>
      </div>
      {live && plan?.isReady ? (
        <LiveTry endpoint={endpoint} label={label} plan={plan} token={live.token} />
      ) : (
        <ExampleTry
          endpoint={endpoint}
          baseUrl={baseUrl}
          label={label}
          note={plan && !plan.isReady ? { text: plan.reason, href: "/integrations" } : exampleNote}
        />
      )}
      {live?.result ? <TryResultPanel result={live.result} baseUrl={baseUrl} label={label} /> : null}
    </article>
  );
}

function TryItLabel({ label }: { label: string }) {
  return (
    <>
      Try it<span className="sr-only"> {label}</span>
    </>
  );
}

/** The Try it button of a panel that opens in place (a <details>), without JavaScript. */
function TryItSummary({ label }: { label: string }) {
  return (
    <summary
      className={cn(
        TRY_BUTTON,
        "list-none [&::-webkit-details-marker]:hidden",
        "group-open:bg-secondary group-open:text-secondary-foreground",
      )}
    >
      <Play aria-hidden="true" />
      <TryItLabel label={label} />
      <ChevronDown aria-hidden="true" className="transition-transform group-open:rotate-180" />
    </summary>
  );
}

function ExampleTry({
  endpoint,
  baseUrl,
  label,
  note,
}: {
  endpoint: ApiEndpointExample;
  baseUrl: string;
  label: string;
  note: ExampleNote;
}) {
  return (
    <details className="group">
      <TryItSummary label={label} />
      <div className="grid gap-5 border-t p-5 sm:p-6">
        <p className="text-muted-foreground text-sm">
          This is the documented example.{" "}
          <a href={note.href} className="font-medium text-primary underline underline-offset-4 hover:decoration-2">
            {note.text}
          </a>
        </p>
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
  );
}

/** The form that runs one Try it; the fragment brings the answer back into view. */
function TryForm({
  endpoint,
  token,
  className,
  children,
}: {
  endpoint: ApiEndpointExample;
  token: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`/api#endpoint-${endpoint.id}`} className={className}>
      <input type="hidden" name="endpoint" value={endpoint.id} />
      <input type="hidden" name="token" value={token} />
      {children}
    </form>
  );
}

function LiveTry({
  endpoint,
  label,
  plan,
  token,
}: {
  endpoint: ApiEndpointExample;
  label: string;
  plan: Extract<TryPlanView, { isReady: true }>;
  token: string;
}) {
  const runsAs = (
    <p className="text-muted-foreground text-xs">
      Runs with your team's data as the key “{plan.keyName}” ({plan.keyPrefix}…).
    </p>
  );
  // A read runs at once; a write says what it will do and waits for a confirmation.
  if (!plan.confirmation)
    return (
      <>
        <TryForm endpoint={endpoint} token={token} className="contents">
          <button type="submit" className={TRY_BUTTON}>
            <Play aria-hidden="true" />
            <TryItLabel label={label} />
          </button>
        </TryForm>
        <div className="px-5 pb-5 sm:-mt-2 sm:px-6 sm:pb-6">{runsAs}</div>
      </>
    );
  return (
    <details className="group">
      <TryItSummary label={label} />
      <div className="grid gap-4 border-t p-5 sm:p-6">
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{plan.confirmation}</span>
        </p>
        <div className="grid min-w-0 gap-2">
          <h4 className="font-medium text-sm">Request</h4>
          <CodeBlock
            label={`Request to send: ${label}`}
            code={formatJson(plan.request.body ?? {})}
            className="max-h-72"
          />
        </div>
        {runsAs}
        <TryForm endpoint={endpoint} token={token}>
          <button type="submit" className={cn(buttonVariants(), "w-fit")}>
            <Send aria-hidden="true" />
            Send {endpoint.method} request
          </button>
        </TryForm>
      </div>
    </details>
  );
}

function TryResultPanel({ result, baseUrl, label }: { result: TryResult; baseUrl: string; label: string }) {
  return (
    <div className="grid gap-4 border-t bg-muted/20 p-5 sm:p-6">
      <h4 className="font-medium text-sm">Live result</h4>
      {"problem" in result ? (
        <p role="alert" className="text-destructive text-sm">
          {result.problem}
        </p>
      ) : (
        <>
          <CodeBlock label={`Request: ${label}`} code={buildCurl(result.request, baseUrl)} />
          <ApiAnswerView answer={result.answer} label={label} />
        </>
      )}
    </div>
  );
}
