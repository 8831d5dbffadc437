import { Loader2, Mail } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";

/** Mails `email` a fresh verification link (rate limited per address by the auth server). */
export function ResendVerificationButton({ email }: { email: string }) {
  const isHydrated = useIsHydrated();
  const [isSending, setIsSending] = useState(false);

  async function resend() {
    setIsSending(true);
    try {
      await authClient.sendVerificationEmail(email);
      toast.success("Check your email", { description: `We sent a new verification link to ${email}.` });
    } catch (failure) {
      toast.error("Could not send the email", { description: failure instanceof Error ? failure.message : undefined });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Button size="sm" onClick={resend} disabled={!isHydrated || isSending} aria-busy={isSending}>
      {isSending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Mail aria-hidden="true" />}
      Resend verification email
    </Button>
  );
}
