import { ArrowRight, Plug } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { AccountPickerDialog } from "./account-picker-dialog.tsx";
import { connectionStateOf } from "./connection-status.tsx";
import { IntegrationCard } from "./integration-card.tsx";
import type {
  IntegrationCard as IntegrationCardData,
  IntegrationsScreenProps,
  PlanLimitNotice as PlanLimitNoticeData,
} from "./integrations-types.ts";
import { LiveRefresh } from "./live-refresh.tsx";
import { PlanLimitNotice } from "./plan-limit-notice.tsx";
import { useActionFetcher } from "./use-action-fetcher.ts";
import { useNow } from "./use-now.ts";
import { TimeZoneProvider } from "./use-time-format.tsx";

/** Each category's heading and description, as catalog keys. */
const GROUPS = [
  { category: "ad-platforms", title: "groups.adPlatformsTitle", description: "groups.adPlatformsDescription" },
  { category: "e-commerce", title: "groups.eCommerceTitle", description: "groups.eCommerceDescription" },
] as const;

/** /integrations and /dashboard/integrations: the catalogue, each platform's connection, and the account picker after consent. */
export function IntegrationsScreen({
  cards,
  isSignedIn,
  chooseConnectionId,
  planLimitNotice = null,
  now: serverNow,
  timeZone,
}: IntegrationsScreenProps) {
  const { t } = useTranslation("integrations");
  const now = useNow(serverNow);
  const connections = cards.flatMap((card) => (card.connection ? [card.connection] : []));
  const isSyncing = connections.some((connection) => connectionStateOf(connection) === "syncing");
  // A connection waiting for its accounts to be chosen waits for the person, not for a sync.
  const isAwaitingSync = connections.some(
    (connection) =>
      connectionStateOf(connection) === "active" && !connection.lastSyncedAt && !connection.awaitsAccountChoice,
  );
  const connectedCount = cards.filter((card) => card.connection).length;

  return (
    <LiveRefresh isSyncing={isSyncing} isAwaitingSync={isAwaitingSync}>
      <TimeZoneProvider timeZone={timeZone}>
        <div className="mx-auto flex max-w-6xl flex-col gap-8">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("screen.title")}</h1>
              <p className="mt-1 text-muted-foreground">{t("screen.intro")}</p>
            </div>
            {isSignedIn && connectedCount > 0 ? (
              <p className="text-muted-foreground text-sm tabular-nums">
                {t("screen.connectedCount", { count: connectedCount })}
              </p>
            ) : null}
          </div>

          {isSignedIn ? connectedCount === 0 ? <GetStartedCallout /> : null : <SignInCallout />}

          {GROUPS.map((group) => (
            <IntegrationGroup
              key={group.category}
              id={`integrations-${group.category}`}
              title={t(group.title)}
              description={t(group.description)}
              cards={cards.filter((card) => card.listing.category === group.category)}
              now={now}
            />
          ))}

          <FirstChoice cards={cards} chooseConnectionId={chooseConnectionId} planLimitNotice={planLimitNotice} />
        </div>
      </TimeZoneProvider>
    </LiveRefresh>
  );
}

function IntegrationGroup({
  id: headingId,
  title,
  description,
  cards,
  now,
}: {
  id: string;
  title: string;
  description: string;
  cards: IntegrationCardData[];
  now: Date;
}) {
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
  const { t } = useTranslation("integrations");
  return (
    <div className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4">
      <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-1">
        <p className="font-medium">{t("screen.getStartedTitle")}</p>
        <p className="text-muted-foreground text-sm">{t("screen.getStartedBody")}</p>
      </div>
    </div>
  );
}

function SignInCallout() {
  const { t } = useTranslation("integrations");
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p className="text-muted-foreground text-sm">{t("screen.signInBody")}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/login?redirectTo=%2Fintegrations">{t("screen.signIn")}</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/signup">
            {t("screen.startTrial")} <ArrowRight aria-hidden="true" />
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
  planLimitNotice,
}: {
  cards: IntegrationCardData[];
  chooseConnectionId: string | null;
  planLimitNotice: PlanLimitNoticeData | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  // Once `?choose=` is gone, the same connection's picker may open again (its card's Choose accounts).
  useEffect(() => {
    if (!chooseConnectionId) setDismissedId(null);
  }, [chooseConnectionId]);
  const forgetChoose = () => {
    const search = new URLSearchParams(location.search);
    for (const name of ["choose", "unmanaged", "plan"]) search.delete(name);
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
      notice={planLimitNotice ? <PlanLimitNotice notice={planLimitNotice} /> : null}
    />
  );
}
