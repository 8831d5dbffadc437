import { ArrowRight, Plug } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { AccountPickerDialog } from "./account-picker-dialog.tsx";
import { connectionStateOf } from "./connection-status.tsx";
import { IntegrationCard } from "./integration-card.tsx";
import type { IntegrationCard as IntegrationCardData, IntegrationsScreenProps } from "./integrations-types.ts";
import { LiveRefresh } from "./live-refresh.tsx";
import { useActionFetcher } from "./use-action-fetcher.ts";
import { useNow } from "./use-now.ts";

const GROUPS = [
  {
    category: "ad-platforms",
    title: "Ad platforms",
    description: "Bring campaigns, spend and results from every network into one place.",
  },
  {
    category: "e-commerce",
    title: "E-commerce",
    description: "Your store's paid orders and refunds, to measure what ads really earn.",
  },
] as const;

/** /integrations and /dashboard/integrations: the catalogue, each platform's connection, and the account picker after consent. */
export function IntegrationsScreen({ cards, isSignedIn, chooseConnectionId, now: serverNow }: IntegrationsScreenProps) {
  const now = useNow(serverNow);
  const connections = cards.flatMap((card) => (card.connection ? [card.connection] : []));
  const isSyncing = connections.some((connection) => connectionStateOf(connection) === "syncing");
  const isAwaitingSync = connections.some(
    (connection) => connectionStateOf(connection) === "active" && !connection.lastSyncedAt,
  );
  const connectedCount = cards.filter((card) => card.connection).length;

  return (
    <LiveRefresh isSyncing={isSyncing} isAwaitingSync={isAwaitingSync}>
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Integrations</h1>
            <p className="mt-1 text-muted-foreground">
              Connect your ad platforms and your store to bring every campaign into one place.
            </p>
          </div>
          {isSignedIn && connectedCount > 0 ? (
            <p className="text-muted-foreground text-sm tabular-nums">
              {connectedCount} {connectedCount === 1 ? "integration" : "integrations"} connected
            </p>
          ) : null}
        </div>

        {isSignedIn ? connectedCount === 0 ? <GetStartedCallout /> : null : <SignInCallout />}

        {GROUPS.map((group) => (
          <IntegrationGroup
            key={group.category}
            title={group.title}
            description={group.description}
            cards={cards.filter((card) => card.listing.category === group.category)}
            now={now}
          />
        ))}

        <FirstChoice cards={cards} chooseConnectionId={chooseConnectionId} />
      </div>
    </LiveRefresh>
  );
}

function IntegrationGroup({
  title,
  description,
  cards,
  now,
}: {
  title: string;
  description: string;
  cards: IntegrationCardData[];
  now: Date;
}) {
  const headingId = `integrations-${title.toLowerCase().replaceAll(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="font-semibold text-lg tracking-tight">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li key={card.listing.id} className="min-w-0">
            <IntegrationCard card={card} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GetStartedCallout() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4">
      <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-1">
        <p className="font-medium">Nothing is connected yet</p>
        <p className="text-muted-foreground text-sm">
          Connect an ad platform to start syncing campaigns, spend and results. Meta is a good place to start; add your
          store afterwards to see the revenue your ads bring in.
        </p>
      </div>
    </div>
  );
}

function SignInCallout() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p className="text-muted-foreground text-sm">
          Sign in to connect your platforms. Connect takes you to sign in first and brings you back here.
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/login?redirectTo=%2Fintegrations">Sign In</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/signup">
            Start Free Trial <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The account picker that opens by itself after consent (`?choose=`). Saving or closing it takes
 * `?choose=` out of the address, so a reload does not open it again.
 */
function FirstChoice({
  cards,
  chooseConnectionId,
}: {
  cards: IntegrationCardData[];
  chooseConnectionId: string | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const forgetChoose = () => {
    const search = new URLSearchParams(location.search);
    search.delete("choose");
    const query = search.toString();
    void navigate(
      { pathname: location.pathname, search: query ? `?${query}` : "" },
      { replace: true, preventScrollReset: true },
    );
  };
  const fetcher = useActionFetcher((result) => {
    if (result.intent !== "choose-accounts") return;
    setDismissedId(chooseConnectionId);
    forgetChoose();
  });
  // Kept while closing so the dialog can animate out with its content.
  const lastCard = useRef<IntegrationCardData | null>(null);
  const card = cards.find((candidate) => candidate.connection && candidate.connection.id === chooseConnectionId);
  if (card) lastCard.current = card;
  const shown = card ?? lastCard.current;
  if (!shown) return null;
  return (
    <AccountPickerDialog
      card={shown}
      isOpen={Boolean(card) && dismissedId !== chooseConnectionId}
      onClose={() => {
        setDismissedId(chooseConnectionId);
        forgetChoose();
      }}
      fetcher={fetcher}
    />
  );
}
