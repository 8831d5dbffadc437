import { zodResolver } from "@hookform/resolvers/zod";
import { Monitor, Moon, Save, Sun } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, type FieldPathByValue, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { usePushSwitch } from "#app/components/notifications/push-test-card.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#app/components/ui/select.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { isTheme } from "#app/lib/theme.ts";
import { useTheme } from "#app/lib/use-theme.ts";
import {
  LANGUAGES,
  type Preferences,
  preferencesSchema,
  REFRESH_INTERVALS,
} from "#core/accounts/preferences-schema.ts";
import type { PreferencesActionResult } from "./account-action.ts";
import { SettingSwitch } from "./setting-switch.tsx";

/** Each theme's label: a catalog key of the "account" namespace. */
const THEME_KEYS = {
  light: "preferences.theme.light",
  dark: "preferences.theme.dark",
  system: "preferences.theme.system",
} as const;

type RefreshInterval = (typeof REFRESH_INTERVALS)[number];

/** "30 seconds", "1 minute", "5 minutes", in the reader's language. */
function refreshIntervalLabel(interval: RefreshInterval, locale: string): string {
  const seconds = Number(interval);
  const [value, unit] = seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

// Each language keeps its own name (Deutsch, Français…), whatever the page's language.
const languageLabel = (value: string) => LANGUAGES.find((language) => language.value === value)?.label ?? value;

type SwitchName = FieldPathByValue<Preferences, boolean>;
/** `label` and `description` are catalog keys of the "account" namespace. */
interface SwitchSetting {
  name: SwitchName;
  label: string;
  description: string;
}

const NOTIFICATION_SWITCHES: SwitchSetting[] = [
  {
    name: "notifications.email",
    label: "preferences.switches.email.label",
    description: "preferences.switches.email.description",
  },
  {
    name: "notifications.push",
    label: "preferences.switches.push.label",
    description: "preferences.switches.push.description",
  },
  {
    name: "notifications.marketing",
    label: "preferences.switches.marketing.label",
    description: "preferences.switches.marketing.description",
  },
  {
    name: "notifications.campaigns",
    label: "preferences.switches.campaigns.label",
    description: "preferences.switches.campaigns.description",
  },
  {
    name: "notifications.billing",
    label: "preferences.switches.billing.label",
    description: "preferences.switches.billing.description",
  },
];

const DASHBOARD_SWITCHES: SwitchSetting[] = [
  {
    name: "dashboard.compactMode",
    label: "preferences.switches.compactMode.label",
    description: "preferences.switches.compactMode.description",
  },
  {
    name: "dashboard.showTooltips",
    label: "preferences.switches.showTooltips.label",
    description: "preferences.switches.showTooltips.description",
  },
];

const PRIVACY_SWITCHES: SwitchSetting[] = [
  {
    name: "privacy.analytics",
    label: "preferences.switches.analytics.label",
    description: "preferences.switches.analytics.description",
  },
  {
    name: "privacy.dataSharing",
    label: "preferences.switches.dataSharing.label",
    description: "preferences.switches.dataSharing.description",
  },
];

const COOKIE_SWITCHES: SwitchSetting[] = [
  {
    name: "privacy.cookiesAnalytics",
    label: "preferences.switches.cookiesAnalytics.label",
    description: "preferences.switches.cookiesAnalytics.description",
  },
  {
    name: "privacy.cookiesMarketing",
    label: "preferences.switches.cookiesMarketing.label",
    description: "preferences.switches.cookiesMarketing.description",
  },
];

/** The four preference cards. Theme applies at once and stays in this browser; the rest is saved. */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const fetcher = useFetcher<PreferencesActionResult>();
  const form = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), defaultValues: preferences });
  const isSaving = fetcher.state !== "idle";
  const isAutoRefreshOn = form.watch("dashboard.autoRefresh");
  // The push switch also subscribes this browser (asking permission) or unsubscribes it.
  const onPushSwitch = usePushSwitch();

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      form.reset(result.preferences);
      // Written by the action in the language just saved: the page switches to it as it revalidates.
      toast.success(result.toast.title, { description: result.toast.description });
      return;
    }
    // A refused value names its field; the action already translated the message.
    const [field, message] = Object.entries(result.fieldErrors ?? {})[0] ?? [];
    toast.error(t("preferences.toast.failed"), {
      description: field && message ? t("preferences.toast.invalidField", { message, field }) : result.message,
    });
  }, [fetcher.state, fetcher.data, form, t]);

  const onSubmit = form.handleSubmit(
    (values) => {
      fetcher.submit(values, { method: "post", encType: "application/json" });
    },
    () => toast.error(t("preferences.toast.failed"), { description: t("preferences.toast.invalid") }),
  );

  const renderSwitch = ({ name, label, description }: SwitchSetting) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <SettingSwitch
          id={`preference-${name.replace(".", "-")}`}
          label={t(label)}
          description={t(description)}
          checked={field.value}
          onCheckedChange={
            name === "notifications.push" ? (checked) => void onPushSwitch(checked, field.onChange) : field.onChange
          }
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("preferences.form.label")} className="flex flex-col gap-6">
      <PreferencesCard title={t("preferences.appearance.title")} description={t("preferences.appearance.description")}>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <ThemeSelect />
          <div className="grid gap-2">
            <Label htmlFor="language-select">{t("preferences.language.label")}</Label>
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="language-select"
                    ref={field.ref}
                    className="w-full"
                    aria-describedby="language-hint"
                  >
                    <SelectValue>{languageLabel(field.value)}</SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    {LANGUAGES.map((language) => (
                      <SelectItem key={language.value} value={language.value} lang={language.value}>
                        {language.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <p id="language-hint" className="text-muted-foreground text-sm">
              {t("preferences.language.hint")}
            </p>
          </div>
        </div>
      </PreferencesCard>

      <PreferencesCard
        title={t("preferences.notifications.title")}
        description={t("preferences.notifications.description")}
      >
        {NOTIFICATION_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <PreferencesCard title={t("preferences.dashboard.title")} description={t("preferences.dashboard.description")}>
        <Controller
          control={form.control}
          name="dashboard.autoRefresh"
          render={({ field }) => (
            <SettingSwitch
              id="preference-dashboard-autoRefresh"
              label={t("preferences.switches.autoRefresh.label")}
              description={t("preferences.switches.autoRefresh.description")}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <div className="grid gap-2">
          <Label htmlFor="refresh-interval-select">{t("preferences.refreshInterval.label")}</Label>
          <Controller
            control={form.control}
            name="dashboard.refreshInterval"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={!isAutoRefreshOn}>
                <SelectTrigger
                  id="refresh-interval-select"
                  ref={field.ref}
                  className="w-full sm:w-60"
                  aria-describedby="refresh-interval-hint"
                >
                  <SelectValue>{refreshIntervalLabel(field.value, locale)}</SelectValue>
                </SelectTrigger>
                <SelectContent>
                  {REFRESH_INTERVALS.map((interval) => (
                    <SelectItem key={interval} value={interval}>
                      {refreshIntervalLabel(interval, locale)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <p id="refresh-interval-hint" className="text-muted-foreground text-sm">
            {t("preferences.refreshInterval.hint")}
          </p>
        </div>
        {DASHBOARD_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <PreferencesCard title={t("preferences.privacy.title")} description={t("preferences.privacy.description")}>
        {PRIVACY_SWITCHES.map(renderSwitch)}
        <SettingSwitch
          id="preference-privacy-cookiesNecessary"
          label={t("preferences.switches.cookiesNecessary.label")}
          description={t("preferences.switches.cookiesNecessary.description")}
          checked
          disabled
        />
        {COOKIE_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <div className="flex justify-end">
        <SubmitButton isPending={isSaving} icon={<Save aria-hidden="true" />} className="w-full sm:w-auto">
          {t("preferences.form.save")}
        </SubmitButton>
      </div>
    </form>
  );
}

function PreferencesCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}

/** Stored in this browser only (localStorage `theme`); shows "System" until mounted. */
function ThemeSelect() {
  const { t } = useTranslation("account");
  const { theme, setTheme } = useTheme();
  return (
    <div className="grid gap-2">
      <Label htmlFor="theme-select">{t("preferences.theme.label")}</Label>
      <Select value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
        <SelectTrigger id="theme-select" className="w-full">
          {/* Explicit text so the server render (before mount) already reads "System". */}
          <SelectValue>{t(THEME_KEYS[theme])}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="light">
            <Sun aria-hidden="true" /> {t(THEME_KEYS.light)}
          </SelectItem>
          <SelectItem value="dark">
            <Moon aria-hidden="true" /> {t(THEME_KEYS.dark)}
          </SelectItem>
          <SelectItem value="system">
            <Monitor aria-hidden="true" /> {t(THEME_KEYS.system)}
          </SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}
