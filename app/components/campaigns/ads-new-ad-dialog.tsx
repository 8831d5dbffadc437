import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/cn.ts";
import { hasUtmParameters } from "#core/ads/ad-utm.ts";
import type { ImageAdLimits } from "#core/ads/image-ad-rules.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { platformNameOf } from "./campaign-labels.ts";

/** An uploaded image the form offers. */
export interface NewAdImage {
  id: string;
  name: string;
  thumbnailUrl: string | null;
}

export interface NewAdResult {
  ok: boolean;
  intent: "create-image-ad";
  message?: string;
  fieldErrors?: Record<string, string>;
  ad?: { adId: string; name: string };
}

export interface NewImageAdDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the form posts: the campaign's page (its action takes intent "create-image-ad"). */
  action: string;
  campaign: { id: string; name: string; platform: AdPlatformId };
  adGroups: Array<{ id: string; name: string }>;
  images: NewAdImage[];
  support: { isAvailable: boolean; limits: ImageAdLimits };
  /** The landing URL the form starts with (the campaign's UTM parameters already in it). */
  defaultLandingUrl: string;
  /** An image chosen before the dialog opened (the library's "Use in a new ad"). */
  preselectedImageId?: string | null;
}

type Field = "assetId" | "adGroupId" | "headline" | "body" | "landingUrl";

/**
 * "New ad": an uploaded image, an ad group, the ad's headline, text and landing page (with the
 * campaign's UTM parameters), created on the platform through its API. A platform whose connector
 * cannot do it is said so, and nothing is offered.
 */
export function NewImageAdDialog({
  open,
  onClose,
  action,
  campaign,
  adGroups,
  images,
  support,
  defaultLandingUrl,
  preselectedImageId,
}: NewImageAdDialogProps) {
  const { t } = useTranslation("campaigns");
  const fetcher = useFetcher<NewAdResult>();
  const id = useId();
  const platform = platformNameOf(campaign.platform);
  const [values, setValues] = useState({
    assetId: preselectedImageId && images.some((image) => image.id === preselectedImageId) ? preselectedImageId : "",
    adGroupId: adGroups.length === 1 ? (adGroups[0]?.id ?? "") : "",
    headline: "",
    body: "",
    landingUrl: defaultLandingUrl,
    status: "paused" as "paused" | "enabled",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const isSubmitting = fetcher.state !== "idle";
  const result = fetcher.data;

  // Each answer is handled once (closing navigates, which renders the dialog again with the same answer).
  const handled = useRef<NewAdResult | null>(null);
  useEffect(() => {
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.ad) {
      toast.success(t("newAd.created", { name: result.ad.name, platform }));
      onClose();
    } else if (result.fieldErrors) setErrors(result.fieldErrors as Partial<Record<Field, string>>);
  }, [result, fetcher.state, onClose, platform, t]);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!values.assetId) found.assetId = t("newAd.errors.image");
    if (!values.adGroupId) found.adGroupId = t("newAd.errors.adGroup");
    if (!values.headline.trim()) found.headline = t("newAd.errors.headline");
    else if (values.headline.trim().length > support.limits.headlineMax)
      found.headline = t("newAd.errors.tooLong", { max: support.limits.headlineMax });
    if (!values.body.trim()) found.body = t("newAd.errors.body");
    else if (values.body.trim().length > support.limits.bodyMax)
      found.body = t("newAd.errors.tooLong", { max: support.limits.bodyMax });
    let isUrl = false;
    try {
      const url = new URL(values.landingUrl.trim());
      isUrl = (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      isUrl = false;
    }
    if (!isUrl) found.landingUrl = t("newAd.errors.url");
    else if (!hasUtmParameters(values.landingUrl.trim(), null)) found.landingUrl = t("newAd.errors.utm");
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    fetcher.submit(
      { intent: "create-image-ad", campaignId: campaign.id, ...values },
      { method: "post", action, encType: "application/json" },
    );
  }

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const describedBy = (field: Field, hint?: boolean) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-destructive text-sm">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("newAd.title")}</DialogTitle>
          <DialogDescription>
            {support.isAvailable ? t("newAd.intro", { platform, campaign: campaign.name }) : null}
          </DialogDescription>
        </DialogHeader>
        {!support.isAvailable ? (
          <p role="status" className="rounded-md border bg-muted/40 p-4 text-sm">
            {t("newAd.unavailable", { platform })}
          </p>
        ) : (
          <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-5">
            <fieldset className="grid gap-2" aria-describedby={describedBy("assetId")}>
              <legend className="mb-1 font-medium text-sm">{t("newAd.image")}</legend>
              {images.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  {t("newAd.noImages")}{" "}
                  <Link to="/assets/upload" className="font-medium text-foreground underline underline-offset-4">
                    {t("newAd.uploadLink")}
                  </Link>
                </p>
              ) : (
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {images.map((image, index) => (
                    <label
                      key={image.id}
                      className={cn(
                        "relative grid cursor-pointer gap-1 rounded-md border p-1.5 text-xs has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                        values.assetId === image.id && "border-primary ring-2 ring-primary",
                      )}
                    >
                      <input
                        type="radio"
                        name="assetId"
                        value={image.id}
                        id={index === 0 ? `${id}-assetId` : undefined}
                        checked={values.assetId === image.id}
                        onChange={() => set("assetId")(image.id)}
                        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                      />
                      {image.thumbnailUrl ? (
                        <img src={image.thumbnailUrl} alt="" className="aspect-square w-full rounded object-cover" />
                      ) : (
                        <span className="aspect-square w-full rounded bg-muted" />
                      )}
                      <span className="truncate">{image.name}</span>
                    </label>
                  ))}
                </div>
              )}
              {errorOf("assetId")}
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor={`${id}-adGroupId`}>{t("newAd.adGroup")}</Label>
              <NativeSelect
                id={`${id}-adGroupId`}
                value={values.adGroupId}
                onChange={(event) => set("adGroupId")(event.target.value)}
                aria-invalid={errors.adGroupId ? true : undefined}
                aria-describedby={describedBy("adGroupId")}
              >
                <option value="">{t("newAd.chooseAdGroup")}</option>
                {adGroups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </NativeSelect>
              {errorOf("adGroupId")}
            </div>

            <div className="grid gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={`${id}-headline`}>{t("newAd.headline")}</Label>
                <span className="text-muted-foreground text-xs tabular-nums">
                  {t("newAd.counter", { count: values.headline.trim().length, max: support.limits.headlineMax })}
                </span>
              </div>
              <Input
                id={`${id}-headline`}
                value={values.headline}
                onChange={(event) => set("headline")(event.target.value)}
                aria-invalid={errors.headline ? true : undefined}
                aria-describedby={describedBy("headline")}
              />
              {errorOf("headline")}
            </div>

            <div className="grid gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={`${id}-body`}>{t("newAd.body")}</Label>
                <span className="text-muted-foreground text-xs tabular-nums">
                  {t("newAd.counter", { count: values.body.trim().length, max: support.limits.bodyMax })}
                </span>
              </div>
              <Textarea
                id={`${id}-body`}
                rows={3}
                value={values.body}
                onChange={(event) => set("body")(event.target.value)}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={describedBy("body")}
              />
              {errorOf("body")}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={`${id}-landingUrl`}>{t("newAd.landingUrl")}</Label>
              <Input
                id={`${id}-landingUrl`}
                type="url"
                inputMode="url"
                value={values.landingUrl}
                onChange={(event) => set("landingUrl")(event.target.value)}
                aria-invalid={errors.landingUrl ? true : undefined}
                aria-describedby={describedBy("landingUrl", true)}
              />
              <p id={`${id}-landingUrl-hint`} className="text-muted-foreground text-xs">
                {t("newAd.landingHint")}
              </p>
              {errorOf("landingUrl")}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={`${id}-status`}>{t("newAd.status")}</Label>
              <NativeSelect
                id={`${id}-status`}
                value={values.status}
                onChange={(event) => set("status")(event.target.value)}
              >
                <option value="paused">{t("newAd.statusPaused")}</option>
                <option value="enabled">{t("newAd.statusEnabled")}</option>
              </NativeSelect>
            </div>

            {result && !result.ok && result.message && !result.fieldErrors ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                {result.message}
              </p>
            ) : null}
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose}>
            {t("newAd.cancel")}
          </Button>
          {support.isAvailable ? (
            <Button type="submit" form={`${id}-form`} disabled={isSubmitting}>
              {isSubmitting ? t("newAd.creating") : t("newAd.submit")}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
