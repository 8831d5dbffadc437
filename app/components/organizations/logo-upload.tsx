import { Loader2, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from "#core/organizations/organization-settings-schema.ts";
import { OrganizationLogo } from "./organization-logo.tsx";
import type { SettingsActionResult } from "./settings-action-result.ts";

const ACCEPTED_TYPES = LOGO_ACCEPT.split(",");

/** The organization's logo: shown in the switcher. Checked here (type, 2 MB) and again on the server. */
export function LogoUpload({ name, logo, canManage }: { name: string; logo: string | null; canManage: boolean }) {
  const { t } = useTranslation("organization");
  const fetcher = useFetcher<SettingsActionResult>();
  const isBusy = fetcher.state !== "idle";
  const isHydrated = useIsHydrated();
  const isDisabled = isBusy || !isHydrated || !canManage;

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) toast.success(result.intent === "remove-logo" ? t("logo.toast.removed") : t("logo.toast.updated"));
    else toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data, t]);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again still fires a change.
    input.value = "";
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      toast.error(t("logo.errors.invalidType.title"), { description: t("logo.errors.invalidType.description") });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast.error(t("logo.errors.tooLarge.title"), { description: t("logo.errors.tooLarge.description") });
      return;
    }
    const body = new FormData();
    body.set("intent", "logo");
    body.set("logo", file);
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("logo.title")}</h2>
        </CardTitle>
        <CardDescription>{t("logo.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative">
          <OrganizationLogo name={name} logo={logo} className="size-20 text-lg" />
          {isBusy ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-md bg-background/70">
              <Loader2 aria-hidden="true" className="size-6 animate-spin text-foreground" />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              id="organization-logo-file"
              type="file"
              accept={LOGO_ACCEPT}
              className="peer sr-only"
              disabled={isDisabled}
              onChange={onFileChosen}
              aria-describedby="organization-logo-hint"
            />
            <label
              htmlFor="organization-logo-file"
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                "cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50",
                isDisabled && "pointer-events-none opacity-50",
              )}
            >
              <Upload aria-hidden="true" />
              {t("logo.upload")}
            </label>
            {logo ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={isDisabled}
                onClick={() =>
                  fetcher.submit({ intent: "remove-logo" }, { method: "post", encType: "application/json" })
                }
              >
                <Trash2 aria-hidden="true" />
                {t("logo.remove")}
              </Button>
            ) : null}
          </div>
          <p id="organization-logo-hint" className="text-muted-foreground text-sm">
            {t("logo.hint")}
          </p>
          <p role="status" className="sr-only">
            {isBusy ? t("logo.uploading") : ""}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
