import { BookOpen, KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatExactTime, formatRelativeTime } from "#app/components/integrations/relative-time.ts";
import { useNow } from "#app/components/integrations/use-now.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import { formatKeyDate, maskedKey, STATUS_LABELS, scopeLabel } from "./api-key-format.ts";
import type { ApiKeyStatus, ApiKeySummary, ApiKeysScreenProps } from "./api-keys-types.ts";
import { CreateApiKeyDialog } from "./create-api-key-dialog.tsx";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog.tsx";
import { type ApiKeysFetcher, useApiKeysFetcher } from "./use-api-keys-fetcher.ts";

/** Settings → API keys: the team's keys, creating one (shown once) and revoking one. */
export function ApiKeysScreen({ keys, organizationName, now: serverNow }: ApiKeysScreenProps) {
  const now = useNow(serverNow);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const revokeFetcher = useApiKeysFetcher((result) => {
    if (result.intent === "revoke")
      toast.success("API key revoked", { description: `“${result.apiKey.name}” no longer works.` });
  });
  const activeCount = keys.filter((key) => key.status === "active").length;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">API keys</h1>
          <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">
            Keys let your own code call the Adhelm API as {organizationName}. Send one as{" "}
            <code className="whitespace-nowrap rounded bg-muted px-1 py-0.5 font-mono text-foreground text-sm">
              Authorization: Bearer &lt;key&gt;
            </code>
            .
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/api/reference">
              <BookOpen aria-hidden="true" />
              API reference
            </Link>
          </Button>
          <CreateApiKeyDialog isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} />
        </div>
      </div>

      {keys.length === 0 ? (
        <EmptyState onCreate={() => setIsCreateOpen(true)} />
      ) : (
        <section aria-labelledby="api-keys-list-heading" className="rounded-xl border bg-card shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b px-4 py-3 sm:px-6">
            <h2 id="api-keys-list-heading" className="font-semibold">
              Your team's keys
            </h2>
            <p className="text-muted-foreground text-sm tabular-nums">
              {activeCount} active of {keys.length}
            </p>
          </div>
          <KeyTable keys={keys} now={now} fetcher={revokeFetcher} />
          <KeyList keys={keys} now={now} fetcher={revokeFetcher} />
        </section>
      )}
    </div>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <section
      aria-labelledby="api-keys-empty-heading"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <KeyRound aria-hidden="true" className="size-6" />
      </span>
      <div className="grid max-w-lg gap-2">
        <h2 id="api-keys-empty-heading" className="font-semibold text-lg">
          No API keys yet
        </h2>
        <p className="text-pretty text-muted-foreground text-sm">
          Create a key to list your campaigns, read their metrics or change budgets from your own scripts, BI tools and
          back office. Read the{" "}
          <Link to="/api" className="text-primary underline underline-offset-4 hover:decoration-2">
            Developer API overview
          </Link>{" "}
          or go straight to the{" "}
          <Link to="/api/reference" className="text-primary underline underline-offset-4 hover:decoration-2">
            API reference
          </Link>
          .
        </p>
      </div>
      <Button onClick={onCreate}>Create your first key</Button>
    </section>
  );
}

interface KeyViewProps {
  keys: ApiKeySummary[];
  now: Date;
  fetcher: ApiKeysFetcher;
}

/** From 768px: one row per key. */
function KeyTable({ keys, now, fetcher }: KeyViewProps) {
  return (
    <div className="hidden md:block">
      <Table aria-labelledby="api-keys-list-heading">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-6">Name</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Permissions</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="pr-6 text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} className={cn(key.status !== "active" && "text-muted-foreground")}>
              <TableCell className="max-w-56 truncate pl-6 font-medium" title={key.name}>
                {key.name}
              </TableCell>
              <TableCell>
                <code className="font-mono text-xs">{maskedKey(key.prefix)}</code>
              </TableCell>
              <TableCell>{scopeLabel(key.scope)}</TableCell>
              <TableCell>
                <CreatedText apiKey={key} />
              </TableCell>
              <TableCell>
                <LastUsedText lastUsedAt={key.lastUsedAt} now={now} />
              </TableCell>
              <TableCell>
                <ExpiresText expiresAt={key.expiresAt} />
              </TableCell>
              <TableCell>
                <StatusBadge status={key.status} />
              </TableCell>
              <TableCell className="pr-6 text-right">
                {key.status === "active" ? <RevokeApiKeyDialog apiKey={key} fetcher={fetcher} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 768px: a card per key, every fact labelled. */
function KeyList({ keys, now, fetcher }: KeyViewProps) {
  return (
    <ul aria-labelledby="api-keys-list-heading" className="divide-y md:hidden">
      {keys.map((key) => (
        <li key={key.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <p className="truncate font-medium">{key.name}</p>
              <code className="font-mono text-muted-foreground text-xs">{maskedKey(key.prefix)}</code>
            </div>
            <StatusBadge status={key.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact term="Permissions">{scopeLabel(key.scope)}</Fact>
            <Fact term="Last used">
              <LastUsedText lastUsedAt={key.lastUsedAt} now={now} />
            </Fact>
            <Fact term="Created">
              <CreatedText apiKey={key} />
            </Fact>
            <Fact term="Expires">
              <ExpiresText expiresAt={key.expiresAt} />
            </Fact>
          </dl>
          {key.status === "active" ? (
            <div className="-ml-3">
              <RevokeApiKeyDialog apiKey={key} fetcher={fetcher} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function CreatedText({ apiKey }: { apiKey: ApiKeySummary }) {
  return (
    <span className="grid">
      <time dateTime={apiKey.createdAt} title={formatExactTime(new Date(apiKey.createdAt))}>
        {formatKeyDate(apiKey.createdAt)}
      </time>
      <span className="truncate text-muted-foreground text-xs">
        {apiKey.createdBy ? `by ${apiKey.createdBy.name || "a teammate"}` : "by a former member"}
      </span>
    </span>
  );
}

function LastUsedText({ lastUsedAt, now }: { lastUsedAt: string | null; now: Date }) {
  if (!lastUsedAt) return <span className="text-muted-foreground">Never</span>;
  const at = new Date(lastUsedAt);
  const relative = formatRelativeTime(at, now);
  return (
    <time dateTime={lastUsedAt} title={formatExactTime(at)}>
      {relative.charAt(0).toUpperCase() + relative.slice(1)}
    </time>
  );
}

function ExpiresText({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={expiresAt} title={formatExactTime(new Date(expiresAt))}>
      {formatKeyDate(expiresAt)}
    </time>
  );
}

const STATUS_STYLES: Record<ApiKeyStatus, string> = {
  active: "border-success/40 bg-success/10 text-foreground",
  expired: "border-warning/50 bg-warning/10 text-foreground",
  revoked: "text-muted-foreground",
};

function StatusBadge({ status }: { status: ApiKeyStatus }) {
  return (
    <Badge variant="outline" className={STATUS_STYLES[status]}>
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "active" ? "bg-success" : status === "expired" ? "bg-warning" : "bg-muted-foreground",
        )}
      />
      {STATUS_LABELS[status]}
    </Badge>
  );
}
