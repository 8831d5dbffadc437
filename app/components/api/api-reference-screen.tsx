import { FileJson, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CodeBlock } from "#app/components/marketing/code-block.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { buildCurl, formatJson } from "#app/lib/api-examples.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { ConsoleKeyProvider } from "./console-key.tsx";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiReference, ReferenceOperation } from "./openapi-reference.ts";
import { OperationSection } from "./operation-section.tsx";

export interface ApiReferenceScreenProps {
  reference: ApiReference;
  /** The site's origin: the API lives under /api/v1 on it. */
  baseUrl: string;
  openApiPath: string;
  limits: {
    perKeyPerMinute: number;
    plans: Array<{ name: string; callsPerMonth: number | null }>;
    idempotencyHours: number;
  };
}

const GUIDES = [
  { id: "authentication", title: "Authentication" },
  { id: "errors", title: "Errors" },
  { id: "idempotency", title: "Idempotency" },
  { id: "rate-limits", title: "Rate limits" },
  { id: "pagination", title: "Pagination" },
] as const;

/**
 * /api/reference: the conventions in prose, then every operation of the live OpenAPI document
 * with its parameters, schemas, examples and a console that calls the API for real.
 */
export function ApiReferenceScreen({ reference, baseUrl, openApiPath, limits }: ApiReferenceScreenProps) {
  const groups = groupByTag(reference.operations);
  const list = reference.operations.find((operation) => operation.method === "GET" && !operation.path.includes("{"));
  const errorExample = reference.operations
    .flatMap((operation) => operation.responses)
    .find((response) => response.status.startsWith("4") && response.example !== null)?.example;
  const errorStatuses = reference.statuses.filter((entry) => /^[45]/.test(entry.status));

  return (
    <ConsoleKeyProvider>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="grid max-w-3xl gap-4">
          <p className="flex items-center gap-3 font-semibold text-primary text-sm uppercase tracking-wide">
            API reference
            {reference.version ? (
              <span className="rounded-full border px-2 py-0.5 font-mono font-normal text-muted-foreground text-xs normal-case tracking-normal">
                v{reference.version}
              </span>
            ) : null}
          </p>
          <h1 className="text-balance font-bold text-4xl tracking-tight">{reference.title}</h1>
          <p className="text-pretty text-lg text-muted-foreground">
            {/* The document's description goes on with the conventions, which have their own sections here. */}
            {reference.description?.split("\n\n")[0] ??
              "Read campaigns and their metrics, create campaigns and change them on every connected ad platform."}
          </p>
          <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Base URL</dt>
              <dd>
                <code className="break-all font-mono">{baseUrl}/api/v1</code>
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Format</dt>
              <dd>JSON, snake_case, UTF-8</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/settings/api-keys">
                <KeyRound aria-hidden="true" />
                Get an API key
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <a href={openApiPath}>
                <FileJson aria-hidden="true" />
                OpenAPI 3.1 document
              </a>
            </Button>
          </div>
        </header>

        <div className="mt-12 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <nav
            aria-label="API reference contents"
            className="lg:sticky lg:top-24 lg:max-h-[calc(100svh-7rem)] lg:self-start lg:overflow-y-auto"
          >
            <div className="grid gap-6 rounded-xl border p-4 text-sm lg:border-0 lg:p-0">
              <NavList title="Guides">
                {GUIDES.map((guide) => (
                  <li key={guide.id}>
                    <a
                      href={`#${guide.id}`}
                      className="block rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                    >
                      {guide.title}
                    </a>
                  </li>
                ))}
              </NavList>
              {groups.map(([tag, operations]) => (
                <NavList key={tag} title={tag}>
                  {operations.map((operation) => (
                    <li key={operation.id}>
                      <a
                        href={`#${operation.id}`}
                        className="flex items-center gap-2 rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                      >
                        <MethodBadge
                          method={operation.method}
                          className="w-12 justify-center px-1 py-0.5 text-[10px]"
                        />
                        <span className="min-w-0 truncate">{operation.summary}</span>
                      </a>
                    </li>
                  ))}
                </NavList>
              ))}
            </div>
          </nav>

          <div className="grid min-w-0 gap-14">
            <Guide id="authentication" title="Authentication">
              <p>
                Every request carries an API key of your team as a bearer token. Create keys in{" "}
                <Link to="/settings/api-keys" className="text-primary underline underline-offset-4 hover:decoration-2">
                  Settings → API keys
                </Link>
                ; a key is shown once, when it is created, and can be revoked at any time. A key acts for its team only:
                it never sees another team's campaigns.
              </p>
              <CodeBlock
                label="Authenticated request"
                code={buildCurl({ method: "GET", path: "/api/v1/campaigns" }, baseUrl)}
              />
              <p>
                A <em>read only</em> key may list and read; writing with it answers <code>403</code>. A missing,
                unknown, expired or revoked key answers <code>401</code> with a <code>WWW-Authenticate: Bearer</code>{" "}
                header and a message that says which. The consoles below send the key you paste with each request; it
                stays in this browser tab only.
              </p>
            </Guide>

            <Guide id="errors" title="Errors">
              <p>
                Every error has the same envelope: a stable, machine-readable <code>code</code> and a{" "}
                <code>message</code> written for the developer reading the log. Invalid input names the field and
                changes nothing.
              </p>
              {errorExample !== undefined ? <CodeBlock label="Error envelope" code={formatJson(errorExample)} /> : null}
              <ul className="grid gap-2 sm:grid-cols-2">
                {errorStatuses.map((entry) => (
                  <li key={entry.status} className="flex items-baseline gap-3 rounded-lg border px-3 py-2 text-sm">
                    <code className="font-mono font-semibold">{entry.status}</code>
                    <span className="text-muted-foreground">{entry.description}</span>
                  </li>
                ))}
              </ul>
            </Guide>

            <Guide id="idempotency" title="Idempotency">
              <p>
                Send an <code>Idempotency-Key</code> header (any unique string, such as a UUID) with <code>POST</code>{" "}
                and <code>PUT</code> to retry safely after a timeout. The same key with the same request within{" "}
                {limits.idempotencyHours} hours returns the first answer again, with{" "}
                <code>Idempotent-Replayed: true</code>, and changes nothing. The same key with a different request is
                refused with <code>422</code>; while the first request is still running, a second one gets{" "}
                <code>409</code>.
              </p>
            </Guide>

            <Guide id="rate-limits" title="Rate limits">
              <p>
                Each key may make {formatNumber(limits.perKeyPerMinute, "en-US")} requests a minute, and each team has a
                monthly allowance from its plan. Every answer says where you stand with <code>RateLimit-Limit</code>,{" "}
                <code>RateLimit-Remaining</code>, <code>RateLimit-Reset</code> (seconds) and{" "}
                <code>RateLimit-Policy</code>. Past a limit the API answers <code>429</code> with{" "}
                <code>Retry-After</code>.
              </p>
              <table className="w-full max-w-md text-sm">
                <caption className="sr-only">API calls a month by plan</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-2 font-medium">
                      Plan
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      API calls a month
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {limits.plans.map((plan) => (
                    <tr key={plan.name} className="border-b last:border-0">
                      <th scope="row" className="py-2 text-left font-medium">
                        {plan.name}
                      </th>
                      <td className="py-2 text-right tabular-nums">
                        {plan.callsPerMonth === null ? "Unlimited" : formatNumber(plan.callsPerMonth, "en-US")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Guide>

            <Guide id="pagination" title="Pagination">
              <p>
                Lists are newest first and come in pages: <code>limit</code> sets the page size, and the answer's{" "}
                <code>next_cursor</code> goes into <code>cursor</code> for the next page. The last page has{" "}
                <code>next_cursor: null</code>. Filters stay the same from page to page.
              </p>
              {list ? (
                <CodeBlock
                  label="Next page"
                  code={buildCurl({ method: "GET", path: `${list.path}?limit=25&cursor=$NEXT_CURSOR` }, baseUrl)}
                />
              ) : null}
            </Guide>

            {groups.map(([tag, operations]) => (
              <section key={tag} aria-labelledby={`tag-${slug(tag)}`} className="grid gap-10">
                <h2 id={`tag-${slug(tag)}`} className="font-bold text-2xl tracking-tight sm:text-3xl">
                  {tag}
                </h2>
                {operations.map((operation) => (
                  <OperationSection key={operation.id} operation={operation} baseUrl={baseUrl} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </div>
    </ConsoleKeyProvider>
  );
}

function Guide({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="grid max-w-3xl scroll-mt-24 gap-4">
      <h2 id={`${id}-heading`} className="font-bold text-2xl tracking-tight">
        {title}
      </h2>
      <div className="grid gap-4 text-pretty text-muted-foreground leading-relaxed [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em] [&_:not(pre)>code]:text-foreground">
        {children}
      </div>
    </section>
  );
}

function NavList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <p className="px-2 font-semibold text-foreground text-xs uppercase tracking-wide">{title}</p>
      <ul className="grid gap-0.5">{children}</ul>
    </div>
  );
}

function groupByTag(operations: ReferenceOperation[]): Array<[string, ReferenceOperation[]]> {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const operation of operations) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups];
}

function slug(text: string): string {
  return text.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-");
}
