import { zodResolver } from "@hookform/resolvers/zod";
import { Monitor, Moon, Save, Sun } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, type FieldPathByValue, useForm } from "react-hook-form";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#app/components/ui/select.tsx";
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

const THEME_LABELS = { light: "Light", dark: "Dark", system: "System" } as const;

type RefreshInterval = (typeof REFRESH_INTERVALS)[number];
const REFRESH_INTERVAL_LABELS: Record<RefreshInterval, string> = {
  "15": "15 seconds",
  "30": "30 seconds",
  "60": "1 minute",
  "300": "5 minutes",
};

const languageLabel = (value: string) => LANGUAGES.find((language) => language.value === value)?.label ?? value;

type SwitchName = FieldPathByValue<Preferences, boolean>;
interface SwitchSetting {
  name: SwitchName;
  label: string;
  description: string;
}

const NOTIFICATION_SWITCHES: SwitchSetting[] = [
  { name: "notifications.email", label: "Email notifications", description: "Receive updates and alerts by email." },
  { name: "notifications.push", label: "Push notifications", description: "Get alerts in your browser." },
  { name: "notifications.marketing", label: "Marketing emails", description: "News about features and offers." },
  {
    name: "notifications.campaigns",
    label: "Campaign alerts",
    description: "Budget, performance and status changes in your campaigns.",
  },
  { name: "notifications.billing", label: "Billing alerts", description: "Invoices, payment issues and plan changes." },
];

const DASHBOARD_SWITCHES: SwitchSetting[] = [
  { name: "dashboard.compactMode", label: "Compact mode", description: "Show more data with less spacing." },
  { name: "dashboard.showTooltips", label: "Show tooltips", description: "Explain metrics when you hover over them." },
];

const PRIVACY_SWITCHES: SwitchSetting[] = [
  {
    name: "privacy.analytics",
    label: "Usage analytics",
    description: "Help improve Adhelm by sharing anonymous usage data.",
  },
  {
    name: "privacy.dataSharing",
    label: "Data sharing",
    description: "Share anonymized performance data for industry benchmarks.",
  },
];

const COOKIE_SWITCHES: SwitchSetting[] = [
  { name: "privacy.cookiesAnalytics", label: "Analytics cookies", description: "Measure how the app is used." },
  {
    name: "privacy.cookiesMarketing",
    label: "Marketing cookies",
    description: "Personalize offers and measure our own campaigns.",
  },
];

/** The four preference cards. Theme applies at once and stays in this browser; the rest is saved. */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const fetcher = useFetcher<PreferencesActionResult>();
  const form = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), defaultValues: preferences });
  const isSaving = fetcher.state !== "idle";
  const isAutoRefreshOn = form.watch("dashboard.autoRefresh");

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      form.reset(result.preferences);
      toast.success("Preferences saved", { description: "Your preferences have been updated." });
    } else {
      toast.error("Save failed", { description: result.message });
    }
  }, [fetcher.state, fetcher.data, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      fetcher.submit(values, { method: "post", encType: "application/json" });
    },
    () => toast.error("Save failed", { description: "Some preferences are not valid. Please check them." }),
  );

  const renderSwitch = ({ name, label, description }: SwitchSetting) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <SettingSwitch
          id={`preference-${name.replace(".", "-")}`}
          label={label}
          description={description}
          checked={field.value}
          onCheckedChange={field.onChange}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Preferences" className="flex flex-col gap-6">
      <PreferencesCard title="Appearance" description="Light, dark, or follow your system. Theme applies at once.">
        <div className="grid gap-6 sm:grid-cols-2">
          <ThemeSelect />
          <div className="grid gap-2">
            <Label htmlFor="language-select">Language</Label>
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="language-select" ref={field.ref} className="w-full">
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
          </div>
        </div>
      </PreferencesCard>

      <PreferencesCard title="Notifications" description="Choose what Adhelm tells you about, and how.">
        {NOTIFICATION_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <PreferencesCard title="Dashboard Settings" description="How the dashboard loads and shows your data.">
        <Controller
          control={form.control}
          name="dashboard.autoRefresh"
          render={({ field }) => (
            <SettingSwitch
              id="preference-dashboard-autoRefresh"
              label="Auto-refresh"
              description="Reload dashboard data automatically."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <div className="grid gap-2">
          <Label htmlFor="refresh-interval-select">Refresh interval</Label>
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
                  <SelectValue>{REFRESH_INTERVAL_LABELS[field.value]}</SelectValue>
                </SelectTrigger>
                <SelectContent>
                  {REFRESH_INTERVALS.map((interval) => (
                    <SelectItem key={interval} value={interval}>
                      {REFRESH_INTERVAL_LABELS[interval]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <p id="refresh-interval-hint" className="text-muted-foreground text-sm">
            How often auto-refresh reloads the dashboard.
          </p>
        </div>
        {DASHBOARD_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <PreferencesCard title="Privacy & Data" description="What Adhelm may collect and which cookies it may set.">
        {PRIVACY_SWITCHES.map(renderSwitch)}
        <SettingSwitch
          id="preference-privacy-cookiesNecessary"
          label="Necessary cookies"
          description="Required for sign-in and security. Always on."
          checked
          disabled
        />
        {COOKIE_SWITCHES.map(renderSwitch)}
      </PreferencesCard>

      <div className="flex justify-end">
        <SubmitButton isPending={isSaving} icon={<Save aria-hidden="true" />} className="w-full sm:w-auto">
          Save Preferences
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
  const { theme, setTheme } = useTheme();
  return (
    <div className="grid gap-2">
      <Label htmlFor="theme-select">Theme</Label>
      <Select value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
        <SelectTrigger id="theme-select" className="w-full">
          {/* Explicit text so the server render (before mount) already reads "System". */}
          <SelectValue>{THEME_LABELS[theme]}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="light">
            <Sun aria-hidden="true" /> Light
          </SelectItem>
          <SelectItem value="dark">
            <Moon aria-hidden="true" /> Dark
          </SelectItem>
          <SelectItem value="system">
            <Monitor aria-hidden="true" /> System
          </SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}
