import { Loader2, Mail } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";

/** Mails `email` a fresh verification link (rate limited per address by the auth server). */
export function ResendVerificationButton({ email }: { email: string }) {
  const { t } = useTranslation("onboarding");
  const isHydrated = useIsHydrated();
  const [isSending, setIsSending] = useState(false);

  async function resend() {
    setIsSending(true);
    try {
      await authClient.sendVerificationEmail(email);
      toast.success(t("resend.sent.title"), { description: t("resend.sent.description", { email }) });
    } catch (failure) {
      toast.error(t("resend.failed.title"), {
        description: failure instanceof Error ? translateMessage(t, failure.message) : undefined,
      });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Button size="sm" onClick={resend} disabled={!isHydrated || isSending} aria-busy={isSending}>
      {isSending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Mail aria-hidden="true" />}
      {t("resend.button")}
    </Button>
  );
}
