import { BellOff, BellRing } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import {
  PUSH_CHANGED_EVENT,
  type PushAvailability,
  type PushSetupResult,
  pushAvailability,
  sendTestPushToMe,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from "./browser-push.ts";

const SETUP_MESSAGES: Record<Exclude<PushSetupResult, "subscribed">, string> = {
  denied: "preferences.push.denied",
  unsupported: "preferences.push.unsupported",
  failed: "preferences.push.failed",
};

const announcePushChanged = () => window.dispatchEvent(new Event(PUSH_CHANGED_EVENT));

/**
 * What the preferences' push switch does besides saving: turned on, this browser asks for
 * permission and subscribes (the switch goes back off when it cannot); turned off, it unsubscribes.
 */
export function usePushSwitch() {
  const { t } = useTranslation("account");
  return async (checked: boolean, setChecked: (checked: boolean) => void) => {
    setChecked(checked);
    if (!checked) {
      await unsubscribeThisBrowser();
      return announcePushChanged();
    }
    const result = await subscribeThisBrowser();
    announcePushChanged();
    if (result === "subscribed") return;
    setChecked(false);
    toast.error(t(SETUP_MESSAGES[result]));
  };
}

/** This browser's push state, read after hydration and again whenever it may have changed. */
function usePushAvailability(): [PushAvailability | null, () => void] {
  // The server cannot know; null until the browser has said.
  const [availability, setAvailability] = useState<PushAvailability | null>(null);
  const read = useCallback(() => {
    void pushAvailability().then(setAvailability);
  }, []);
  useEffect(() => {
    read();
    window.addEventListener(PUSH_CHANGED_EVENT, read);
    window.addEventListener("focus", read);
    return () => {
      window.removeEventListener(PUSH_CHANGED_EVENT, read);
      window.removeEventListener("focus", read);
    };
  }, [read]);
  return [availability, read];
}

const STATE_MESSAGES: Record<Exclude<PushAvailability, "subscribed">, string> = {
  unsubscribed: "preferences.push.notSubscribed",
  denied: "preferences.push.denied",
  unsupported: "preferences.push.unsupported",
};

/**
 * The preferences' push card: this browser's state, "Turn on in this browser" when it is not
 * subscribed yet, and "Send a test notification" (a push to this person's subscribed browsers).
 */
export function PushTestCard() {
  const { t } = useTranslation("account");
  const [isBusy, setBusy] = useState(false);
  const [availability, reread] = usePushAvailability();
  const isSubscribed = availability === "subscribed";

  const subscribe = async () => {
    setBusy(true);
    try {
      const result = await subscribeThisBrowser();
      if (result !== "subscribed") toast.error(t(SETUP_MESSAGES[result]));
    } finally {
      setBusy(false);
      reread();
    }
  };
  const send = async () => {
    setBusy(true);
    try {
      const result = await sendTestPushToMe();
      if (result.ok && (result.delivered ?? 0) > 0)
        toast.success(t("preferences.push.sent"), { description: t("preferences.push.sentDescription") });
      else toast.error(result.message ? translateMessage(t, result.message) : t("preferences.push.testFailed"));
    } catch {
      toast.error(t("preferences.push.testFailed"));
    } finally {
      setBusy(false);
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
      <CardContent className="flex flex-col gap-3">
        {availability && availability !== "subscribed" ? (
          <p id="push-state" className="flex items-start gap-2 text-muted-foreground text-sm">
            <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(STATE_MESSAGES[availability])}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          {availability === "unsubscribed" ? (
            <Button type="button" onClick={subscribe} disabled={isBusy} className="w-full sm:w-auto">
              <BellRing aria-hidden="true" />
              {t("preferences.push.subscribe")}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            onClick={send}
            disabled={isBusy || !isSubscribed}
            aria-describedby={availability && !isSubscribed ? "push-state" : undefined}
            className="w-full sm:w-auto"
          >
            <BellRing aria-hidden="true" />
            {t("preferences.push.test")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
