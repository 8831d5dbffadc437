import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { ConversionSettingsView } from "#core/conversions/conversions-types.ts";
import type { AttributionSource } from "#core/organizations/organization-settings-schema.ts";
import { useConversionsFetcher } from "./use-conversions-fetcher.ts";

type Override = AttributionSource | "default";

/** Which revenue is the truth: platform-reported or the store's, organization-wide and per platform. */
export function RevenueTruthCard({ settings, canManage }: { settings: ConversionSettingsView; canManage: boolean }) {
  const { t } = useTranslation("conversions");
  const [defaultSource, setDefaultSource] = useState<AttributionSource>(settings.revenueTruth.defaultSource);
  const initialOverrides = () =>
    Object.fromEntries(
      settings.platforms.map((platform) => [
        platform.platform,
        settings.revenueTruth.overrides[platform.platform] ?? "default",
      ]),
    ) as Record<string, Override>;
  const [overrides, setOverrides] = useState<Record<string, Override>>(initialOverrides);
  const [error, setError] = useState<string | null>(null);
  // After a save (or someone else's), the form starts from what is stored.
  useEffect(() => {
    setDefaultSource(settings.revenueTruth.defaultSource);
    setOverrides(initialOverrides());
  }, [settings.revenueTruth]);
  const fetcher = useConversionsFetcher(
    (result) => {
      if (result.intent === "revenue") {
        setError(null);
        toast.success(t("toasts.revenueSaved"));
      }
    },
    (fieldErrors) => setError(Object.values(fieldErrors)[0] ?? null),
  );
  const needsStore = !settings.hasStore && (defaultSource === "store" || Object.values(overrides).includes("store"));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (needsStore) {
      setError("Connect Shopify or WooCommerce before choosing store revenue.");
      return;
    }
    setError(null);
    const chosen = Object.fromEntries(
      Object.entries(overrides).filter((entry): entry is [string, AttributionSource] => entry[1] !== "default"),
    );
    fetcher.submit(
      { intent: "revenue", defaultSource, overrides: chosen },
      { method: "post", encType: "application/json" },
    );
  };
  const isSaving = fetcher.state !== "idle";
  const sourceLabel = (source: AttributionSource) => (source === "store" ? t("revenue.store") : t("revenue.platform"));
  return (
    <Card role="region" aria-labelledby="revenue-truth-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="revenue-truth-heading">{t("revenue.title")}</h2>
        </CardTitle>
        <CardDescription>{t("revenue.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-6" onSubmit={save} noValidate>
          <fieldset className="grid gap-3" disabled={!canManage || isSaving}>
            <legend className="mb-2 font-medium text-sm">{t("revenue.organizationWide")}</legend>
            <RadioGroup
              value={defaultSource}
              onValueChange={(value) => setDefaultSource(value as AttributionSource)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "revenue-truth-error" : undefined}
            >
              <div className="flex items-start gap-3">
                <RadioGroupItem value="platform" id="revenue-platform" className="mt-0.5" />
                <Label htmlFor="revenue-platform" className="grid gap-1 font-normal">
                  <span className="font-medium">{t("revenue.platform")}</span>
                  <span className="text-muted-foreground text-sm">{t("revenue.platformHelp")}</span>
                </Label>
              </div>
              <div className="flex items-start gap-3">
                <RadioGroupItem value="store" id="revenue-store" className="mt-0.5" />
                <Label htmlFor="revenue-store" className="grid gap-1 font-normal">
                  <span className="font-medium">{t("revenue.store")}</span>
                  <span className="text-muted-foreground text-sm">
                    {settings.hasStore ? t("revenue.storeHelp") : t("revenue.storeMissing")}
                  </span>
                </Label>
              </div>
            </RadioGroup>
          </fieldset>
          <fieldset className="grid gap-3" disabled={!canManage || isSaving}>
            <legend className="mb-2 font-medium text-sm">{t("revenue.perPlatform")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {settings.platforms.map((platform) => {
                const id = `revenue-${platform.platform}`;
                return (
                  <div key={platform.platform} className="grid gap-1.5">
                    <Label htmlFor={id}>{platformName(platform.platform)}</Label>
                    <NativeSelect
                      id={id}
                      value={overrides[platform.platform] ?? "default"}
                      onChange={(event) =>
                        setOverrides((current) => ({ ...current, [platform.platform]: event.target.value as Override }))
                      }
                    >
                      <option value="default">{t("revenue.useDefault", { source: sourceLabel(defaultSource) })}</option>
                      <option value="platform">{t("revenue.platform")}</option>
                      <option value="store">{t("revenue.store")}</option>
                    </NativeSelect>
                  </div>
                );
              })}
            </div>
          </fieldset>
          {error ? (
            <p id="revenue-truth-error" role="alert" className="text-destructive text-sm">
              {translateMessage(t, error)}
            </p>
          ) : null}
          {canManage ? (
            <div>
              <Button type="submit" disabled={isSaving}>
                {isSaving ? t("revenue.saving") : t("revenue.save")}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
