import { Loader2, RefreshCw, Settings2, Store } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Separator } from "#app/components/ui/separator.tsx";
import { AccountPicker } from "./account-picker.tsx";
import { ActionLabel } from "./action-label.tsx";
import { translateConnectionMessage } from "./connection-messages.ts";
import { connectionStateOf, LastSync, StatusBadge, SyncProgress } from "./connection-status.tsx";
import type { ConnectionView, IntegrationCard } from "./integrations-types.ts";
import { ReconnectButton } from "./reconnect-button.tsx";
import { SyncHistory } from "./sync-history.tsx";
import type { ActionFetcher } from "./use-action-fetcher.ts";

/**
 * Manage a connection: which ad accounts Adhelm manages (stores have none: their name instead),
 * Sync now, and the recent syncs. The fetchers belong to the card, which outlives this dialog.
 */
export function ManageDialog({
  listing,
  connection,
  now,
  chooseFetcher,
  syncFetcher,
}: {
  listing: IntegrationCard["listing"];
  connection: ConnectionView;
  now: Date;
  chooseFetcher: ActionFetcher;
  syncFetcher: ActionFetcher;
}) {
  const { t } = useTranslation("integrations");
  const historyId = useId();
  const accountsId = useId();
  const isStore = listing.category === "e-commerce";
  const state = connectionStateOf(connection);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Settings2 aria-hidden="true" />
          <ActionLabel action="manage" platform={listing.name} />
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-5 sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("manage.title", { platform: listing.name })}</DialogTitle>
          <DialogDescription>{isStore ? t("manage.storeDescription") : t("manage.adsDescription")}</DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-3">
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <StatusBadge state={state} />
              {connection.displayName && !isStore ? (
                <span className="font-medium text-sm">{connection.displayName}</span>
              ) : null}
            </div>
            <LastSync connection={connection} now={now} />
          </div>
          <div className="flex flex-wrap gap-2">
            {state === "error" ? <ReconnectButton listing={listing} /> : null}
            <SyncNowForm
              connection={connection}
              platformName={listing.name}
              fetcher={syncFetcher}
              isSyncing={state === "syncing"}
            />
          </div>
          {state === "syncing" ? (
            <div className="basis-full">
              <SyncProgress connection={connection} />
            </div>
          ) : null}
          {state === "error" && connection.lastError ? (
            <p className="basis-full text-destructive text-sm">{translateConnectionMessage(t, connection.lastError)}</p>
          ) : null}
        </div>

        {isStore ? (
          <section aria-labelledby={accountsId} className="grid gap-2">
            <h3 id={accountsId} className="font-semibold text-sm">
              {t("manage.store")}
            </h3>
            <p className="flex items-center gap-2 text-sm">
              <Store aria-hidden="true" className="size-4 text-muted-foreground" />
              {connection.displayName ?? listing.name}
            </p>
            <p className="text-muted-foreground text-sm">{t("manage.storeNote")}</p>
          </section>
        ) : (
          <section aria-labelledby={accountsId} className="grid gap-3">
            <div>
              <h3 id={accountsId} className="font-semibold text-sm">
                {t("manage.adAccounts")}
              </h3>
              <p className="text-muted-foreground text-sm">{t("manage.adAccountsNote")}</p>
            </div>
            <AccountPicker connection={connection} platformName={listing.name} fetcher={chooseFetcher} />
          </section>
        )}

        <Separator />

        <section aria-labelledby={historyId} className="grid min-w-0 gap-2">
          <h3 id={historyId} className="font-semibold text-sm">
            {t("history.title")}
          </h3>
          <SyncHistory runs={connection.history} now={now} isStore={isStore} captionId={historyId} />
        </section>
      </DialogContent>
    </Dialog>
  );
}

/** Queues a sync; while one runs the server would only answer "Already syncing", so the button waits. */
function SyncNowForm({
  connection,
  platformName,
  fetcher,
  isSyncing,
}: {
  connection: ConnectionView;
  platformName: string;
  fetcher: ActionFetcher;
  isSyncing: boolean;
}) {
  const { t } = useTranslation("integrations");
  const isSubmitting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="sync-now" />
      <input type="hidden" name="connectionId" value={connection.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={isSubmitting || isSyncing}
        aria-busy={isSubmitting}
        title={isSyncing ? t("manage.syncRunning") : undefined}
      >
        {isSubmitting || isSyncing ? (
          <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
        <ActionLabel action="syncNow" platform={platformName} />
      </Button>
    </fetcher.Form>
  );
}
