import { OctagonPause } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Switch } from "#app/components/ui/switch.tsx";
import { useRuleFetcher } from "./use-rule-fetcher.ts";

export interface AutomationSettings {
  paused: boolean;
  pausedByLabel: string | null;
}

/** The banner every rules screen shows while the organization's automation is paused. */
export function AutomationPausedBanner({ settings }: { settings: AutomationSettings }) {
  const { t } = useTranslation("rules");
  if (!settings.paused) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
      <OctagonPause aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" />
      <div className="grid gap-0.5">
        <p className="font-semibold">{t("automation.pausedTitle")}</p>
        <p className="text-muted-foreground">
          {settings.pausedByLabel
            ? t("automation.pausedBy", { name: settings.pausedByLabel })
            : t("automation.pausedBody")}
        </p>
      </div>
    </div>
  );
}

/** Owners and admins: "Pause all automation" for the whole organization. */
export function AutomationSwitch({ settings }: { settings: AutomationSettings }) {
  const { t } = useTranslation("rules");
  const id = useId();
  const fetcher = useRuleFetcher({ key: "automation-switch" });
  // While the answer is on its way, the switch already shows the asked-for state.
  const pending = fetcher.pendingIntent === "automation";
  const isPaused = pending ? !settings.paused : settings.paused;
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium text-sm">
          {t("automation.switch")}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {t("automation.switchHint")}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={isPaused}
        disabled={fetcher.isPending}
        onCheckedChange={(paused) => fetcher.submit({ intent: "automation", paused })}
        className="ml-auto data-[state=checked]:bg-warning"
      />
    </div>
  );
}
