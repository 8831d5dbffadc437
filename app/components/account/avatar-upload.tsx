import { Loader2, Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { initialsOf } from "#app/lib/initials.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { AVATAR_ACCEPT } from "#core/accounts/profile-schema.ts";
import type { ProfileActionResult } from "./account-action.ts";
import { checkAvatarFile } from "./avatar-file.ts";

export function AvatarUpload({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<ProfileActionResult>();
  const isUploading = fetcher.state !== "idle";
  const isHydrated = useIsHydrated();
  const initials = initialsOf(name);

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) toast.success(t("avatar.toast.updated"));
    // The server's refusal (not an image, markup hidden in one) says what to fix, in the reader's language.
    else if (result.reason === "invalid") toast.error(result.title, { description: result.message });
    else toast.error(t("avatar.toast.failed.title"), { description: t("avatar.toast.failed.description") });
  }, [fetcher.state, fetcher.data, t]);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again still fires a change.
    input.value = "";
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast.error(t(problem.title), { description: t(problem.description) });
      return;
    }
    const body = new FormData();
    body.set("intent", "avatar");
    body.set("avatar", file);
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("avatar.title")}</h2>
        </CardTitle>
        <CardDescription>{t("avatar.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative">
          <Avatar className="size-20">
            {avatarUrl ? <AvatarImage src={avatarUrl} alt={t("avatar.alt")} /> : null}
            <AvatarFallback className="text-lg">{initials}</AvatarFallback>
          </Avatar>
          {isUploading ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
              <Loader2 aria-hidden="true" className="size-6 animate-spin text-foreground" />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <div>
            {/* A real file input (keyboard and screen readers reach it), styled through its label. */}
            <input
              id="avatar-file"
              type="file"
              accept={AVATAR_ACCEPT}
              className="peer sr-only"
              disabled={isUploading || !isHydrated}
              onChange={onFileChosen}
              aria-describedby="avatar-hint"
            />
            <label
              htmlFor="avatar-file"
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                "cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50",
                (isUploading || !isHydrated) && "pointer-events-none opacity-50",
              )}
            >
              {isUploading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
              {t("avatar.upload")}
            </label>
          </div>
          <p id="avatar-hint" className="text-muted-foreground text-sm">
            {t("avatar.hint")}
          </p>
          <p role="status" className="sr-only">
            {isUploading ? t("avatar.uploading") : ""}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
