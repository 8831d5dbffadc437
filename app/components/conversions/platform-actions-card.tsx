import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { ConversionActionView, ConversionPlatformView } from "#core/conversions/conversions-types.ts";
import type { ConversionCategory } from "#core/shared/connector-port.ts";

/** Each category's name: keys of the "conversions" namespace. */
const CATEGORY_KEYS: Record<ConversionCategory, string> = {
  purchase: "categories.purchase",
  lead: "categories.lead",
  sign_up: "categories.sign_up",
  add_to_cart: "categories.add_to_cart",
  begin_checkout: "categories.begin_checkout",
  page_view: "categories.page_view",
  phone_call: "categories.phone_call",
  other: "categories.other",
};

/** One connected platform's conversion actions, each with its "Counts as a conversion" switch. */
export function PlatformActionsCard({
  platform,
  canManage,
  isBusy,
  pendingActionId,
  onToggle,
}: {
  platform: ConversionPlatformView;
  canManage: boolean;
  isBusy: boolean;
  pendingActionId: string | null;
  onToggle: (actionId: string, counted: boolean) => void;
}) {
  const { t } = useTranslation("conversions");
  const name = platformName(platform.platform);
  const headingId = `conversions-${platform.platform}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="flex items-center gap-2">
            <PlatformLabel platform={platform.platform} showName={false} />
            {name}
          </h2>
        </CardTitle>
        <CardDescription>{t("platform.description", { platform: name })}</CardDescription>
      </CardHeader>
      <CardContent>
        {platform.actions.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            {t("platform.noActions")}
          </p>
        ) : (
          <div className="grid gap-6">
            {accountsOf(platform.actions).map((account) => (
              <section key={account.id} aria-labelledby={`account-${account.id}`} className="grid gap-2">
                <h3 id={`account-${account.id}`} className="font-medium text-muted-foreground text-sm">
                  {account.name}
                </h3>
                <ul className="divide-y rounded-lg border px-4">
                  {account.actions.map((action) => (
                    <ActionRow
                      key={action.id}
                      action={action}
                      isDisabled={!canManage || isBusy}
                      isPending={pendingActionId === action.id}
                      onToggle={(counted) => onToggle(action.id, counted)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The actions by ad account, in their listed order. */
function accountsOf(actions: ConversionActionView[]) {
  const accounts = new Map<string, { id: string; name: string; actions: ConversionActionView[] }>();
  for (const action of actions) {
    const account = accounts.get(action.adAccountId);
    if (account) account.actions.push(action);
    else accounts.set(action.adAccountId, { id: action.adAccountId, name: action.adAccountName, actions: [action] });
  }
  return [...accounts.values()];
}

function ActionRow({
  action,
  isDisabled,
  isPending,
  onToggle,
}: {
  action: ConversionActionView;
  isDisabled: boolean;
  isPending: boolean;
  onToggle: (counted: boolean) => void;
}) {
  const { t } = useTranslation("conversions");
  const format = useMetricFormat();
  const switchId = `count-${action.id}`;
  const windows = [
    action.clickWindowDays !== null ? t("windows.click", { count: action.clickWindowDays }) : null,
    // A view window of 0 days: the platform counts no view-through conversions.
    action.viewWindowDays ? t("windows.view", { count: action.viewWindowDays }) : null,
  ].filter((part): part is string => part !== null);
  const isDefault = action.counted === action.countedByPlatform;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium">{action.name}</span>
          <Badge variant="secondary">{t(CATEGORY_KEYS[action.category] ?? "categories.other")}</Badge>
          {action.status === "removed" ? <Badge variant="outline">{t("platform.removed")}</Badge> : null}
        </div>
        <p className="text-muted-foreground text-sm">
          {windows.length > 0 ? windows.join(", ") : t("windows.unknown")}
        </p>
        <p className="text-sm">
          {t("platform.recent", {
            conversions: format.number(action.recent.conversions),
            value: format.money(action.recent.valueMinor, action.recent.currency),
          })}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:items-end">
        <div className="flex items-center gap-2">
          {isPending ? (
            <Loader2
              aria-hidden="true"
              className="size-4 animate-spin text-muted-foreground motion-reduce:animate-none"
            />
          ) : null}
          <label htmlFor={switchId} className="font-medium text-sm">
            {t("platform.counts")}
          </label>
          <Switch
            id={switchId}
            checked={action.counted}
            disabled={isDisabled}
            onCheckedChange={(checked) => onToggle(checked)}
            aria-label={t("platform.countsFor", { action: action.name, account: action.adAccountName })}
            aria-describedby={`${switchId}-default`}
          />
        </div>
        <p id={`${switchId}-default`} className="text-muted-foreground text-xs">
          {action.countedByPlatform ? t("platform.defaultCounted") : t("platform.defaultNotCounted")}
          {" · "}
          {isDefault ? t("platform.isDefault") : t("platform.changed")}
        </p>
      </div>
    </li>
  );
}
