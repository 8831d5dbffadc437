import { CircleAlert, CirclePause, FlaskConical, ListChecks, Sparkles, Store, UserRound } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PermissionGate, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader } from "#app/components/ui/card.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#app/components/ui/tooltip.tsx";
import { ActionLabel } from "./action-label.tsx";
import { ConnectForm } from "./connect-form.tsx";
import { translateConnectionMessage } from "./connection-messages.ts";
import { connectionStateOf, LastSync, StatusBadge, SyncProgress } from "./connection-status.tsx";
import { DisconnectDialog } from "./disconnect-dialog.tsx";
import type { ConnectionView, IntegrationCard as IntegrationCardData } from "./integrations-types.ts";
import { ManageDialog } from "./manage-dialog.tsx";
import { PlatformLogo } from "./platform-logo.tsx";
import { ReconnectButton } from "./reconnect-button.tsx";
import { StoreAddressDialog } from "./store-address-dialog.tsx";
import { useActionFetcher } from "./use-action-fetcher.ts";

/**
 * One platform of the catalogue. It stays mounted whatever its connection does, so it owns the
 * fetchers: their answers (toasts) arrive even when the dialog that sent them has gone.
 */
export function IntegrationCard({ card, now }: { card: IntegrationCardData; now: Date }) {
  const { t } = useTranslation("integrations");
  const { listing, mode, connection } = card;
  const titleId = useId();
  const descriptionId = useId();
  const chooseFetcher = useActionFetcher();
  const syncFetcher = useActionFetcher();
  const disconnectFetcher = useActionFetcher();
  const isStore = listing.category === "e-commerce";

  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-platform={listing.id}
      className="h-full gap-4 py-5"
    >
      <CardHeader className="flex items-start gap-3 px-5">
        <PlatformLogo listing={listing} />
        <div className="flex min-h-10 min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <h3 id={titleId} className="font-semibold leading-tight">
            {listing.name}
          </h3>
          {listing.isHighlighted ? (
            <Badge variant="secondary" className="text-primary">
              <Sparkles aria-hidden="true" />
              {t("card.recommended")}
            </Badge>
          ) : null}
          {mode === "sandbox" ? <SandboxBadge platformName={listing.name} /> : null}
        </div>
        {connection?.awaitsAccountChoice ? (
          <Badge variant="outline" className="mt-2 border-warning/50 bg-warning/10 text-foreground">
            <CirclePause aria-hidden="true" />
            {t("status.awaitingChoice")}
          </Badge>
        ) : connection ? (
          <StatusBadge state={connectionStateOf(connection)} className="mt-2" />
        ) : null}
        {mode === "coming-soon" ? (
          <Badge variant="outline" className="mt-2">
            {t("card.comingSoon")}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3 px-5">
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {translateConnectionMessage(t, listing.description)}
        </p>
        {connection ? <ConnectionDetails connection={connection} isStore={isStore} now={now} /> : null}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2 px-5">
        {connection ? (
          <>
            {connection.status === "error" ? <ReconnectButton listing={listing} /> : null}
            {connection.awaitsAccountChoice ? (
              <ChooseAccountsLink listing={listing} connectionId={connection.id} />
            ) : null}
            <ManageDialog
              listing={listing}
              connection={connection}
              now={now}
              chooseFetcher={chooseFetcher}
              syncFetcher={syncFetcher}
            />
            <DisconnectDialog listing={listing} connection={connection} fetcher={disconnectFetcher} />
          </>
        ) : (
          <ConnectAction card={card} />
        )}
      </CardFooter>
    </Card>
  );
}

function ConnectionDetails({ connection, isStore, now }: { connection: ConnectionView; isStore: boolean; now: Date }) {
  const { t } = useTranslation("integrations");
  const state = connectionStateOf(connection);
  const managed = connection.accounts.filter((account) => account.isManaged).length;
  if (connection.awaitsAccountChoice)
    return (
      <div className="grid gap-1 rounded-lg border border-warning/50 bg-warning/10 p-3">
        {connection.displayName ? (
          <p className="truncate font-medium text-sm" title={connection.displayName}>
            {connection.displayName}
          </p>
        ) : null}
        <p className="flex items-center gap-1.5 font-medium text-sm">
          <ListChecks aria-hidden="true" className="size-4 shrink-0" />
          {t("card.awaitsChoiceTitle")}
        </p>
        <p className="text-muted-foreground text-sm">{t("card.awaitsChoiceBody")}</p>
      </div>
    );
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      {connection.displayName ? (
        <p className="flex min-w-0 items-center gap-1.5 font-medium text-sm">
          {isStore ? (
            <Store aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          ) : (
            <UserRound aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          )}
          <span className="truncate" title={connection.displayName}>
            {connection.displayName}
          </span>
        </p>
      ) : null}
      {isStore ? null : (
        <p className="text-muted-foreground text-sm tabular-nums">
          {t("card.accountsManaged", { managed, count: connection.accounts.length })}
        </p>
      )}
      <LastSync connection={connection} now={now} />
      {state === "syncing" ? <SyncProgress connection={connection} /> : null}
      {state === "error" ? (
        <div className="flex gap-2 text-destructive text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {connection.lastError ? translateConnectionMessage(t, connection.lastError) : t("card.lastSyncFailed")}
            {/* The platform's words often say what to do already; when not, say it. */}
            {connection.lastError?.toLowerCase().includes("reconnect") ? null : (
              <span className="text-muted-foreground"> {t("card.reconnectHint")}</span>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** Not connected: Connect, unless the platform cannot be connected here. */
function ConnectAction({ card }: { card: IntegrationCardData }) {
  const { t } = useTranslation("integrations");
  const { listing, mode } = card;
  const isRefused = useRefusalReason()("connections.manage") !== null;
  if (mode === "coming-soon")
    return (
      <Button size="sm" variant="outline" disabled>
        {t("card.comingSoon")}
      </Button>
    );
  if (mode === "unavailable")
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled aria-describedby={`${listing.id}-unavailable`}>
          {t("card.notConfigured")}
        </Button>
        <p id={`${listing.id}-unavailable`} className="text-muted-foreground text-xs">
          {t("card.noCredentials", { platform: listing.name })}
        </p>
      </div>
    );
  // A role that may not connect sees Connect, disabled, with the reason.
  if (isRefused)
    return (
      <PermissionGate permission="connections.manage">
        {() => (
          <Button size="sm" disabled>
            <ActionLabel action="connect" platform={listing.name} />
          </Button>
        )}
      </PermissionGate>
    );
  if (listing.storeAddress) return <StoreAddressDialog listing={listing} />;
  return <ConnectForm platformId={listing.id} platformName={listing.name} />;
}

function SandboxBadge({ platformName }: { platformName: string }) {
  const { t } = useTranslation("integrations");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="outline" tabIndex={0} className="cursor-help font-normal text-muted-foreground">
          <FlaskConical aria-hidden="true" />
          {t("card.sandbox")}
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{t("card.sandboxHint", { platform: platformName })}</TooltipContent>
    </Tooltip>
  );
}

/**
 * A connection whose accounts were never chosen ("Decide later"): one click opens the same account
 * picker as after consent (`?choose=`). A role that may not choose sees it disabled, with the reason.
 */
function ChooseAccountsLink({
  listing,
  connectionId,
}: {
  listing: IntegrationCardData["listing"];
  connectionId: string;
}) {
  const isRefused = useRefusalReason()("connections.manage") !== null;
  const label = <ActionLabel action="choose" platform={listing.name} />;
  if (isRefused)
    return (
      <PermissionGate permission="connections.manage">
        {() => (
          <Button size="sm" disabled>
            <ListChecks aria-hidden="true" />
            {label}
          </Button>
        )}
      </PermissionGate>
    );
  return (
    <Button asChild size="sm">
      <Link to={{ search: `?${new URLSearchParams({ choose: connectionId })}` }} preventScrollReset>
        <ListChecks aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
