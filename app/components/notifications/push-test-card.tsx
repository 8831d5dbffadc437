import { BellRing } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import {
  type PushSetupResult,
  sendTestPushToMe,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from "./browser-push.ts";

const SETUP_MESSAGES: Record<Exclude<PushSetupResult, "subscribed">, string> = {
  denied: "preferences.push.denied",
  unsupported: "preferences.push.unsupported",
  failed: "preferences.push.failed",
};

/**
 * What the preferences' push switch does besides saving: turned on, this browser asks for
 * permission and subscribes (the switch goes back off when it cannot); turned off, it unsubscribes.
 */
export function usePushSwitch() {
  const { t } = useTranslation("account");
  return async (checked: boolean, setChecked: (checked: boolean) => void) => {
    setChecked(checked);
    if (!checked) return void unsubscribeThisBrowser();
    const result = await subscribeThisBrowser();
    if (result === "subscribed") return;
    setChecked(false);
    toast.error(t(SETUP_MESSAGES[result]));
  };
}

/** The preferences' "Send a test notification": a push to this person's subscribed browsers. */
export function PushTestCard() {
  const { t } = useTranslation("account");
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const result = await sendTestPushToMe();
      if (result.ok && (result.delivered ?? 0) > 0)
        toast.success(t("preferences.push.sent"), { description: t("preferences.push.sentDescription") });
      else toast.error(result.message ? translateMessage(t, result.message) : t("preferences.push.failed"));
    } catch {
      toast.error(t("preferences.push.failed"));
    } finally {
      setSending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("preferences.push.title")}</h2>
        </CardTitle>
        <CardDescription>{t("preferences.push.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" onClick={send} disabled={isSending} className="w-full sm:w-auto">
          <BellRing aria-hidden="true" />
          {t("preferences.push.test")}
        </Button>
      </CardContent>
    </Card>
  );
}
