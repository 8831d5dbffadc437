import { Loader2, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { ActionLabel } from "./action-label.tsx";

/** Where Connect posts: the server answers with a redirect to the platform's consent screen. */
export function connectActionFor(platformId: string): string {
  return `/integrations/${platformId}/connect`;
}

/**
 * True from a connect form's submit until the browser leaves for the consent screen. Reset when
 * the page comes back from the back/forward cache, where it would otherwise stay "Connecting…".
 */
export function useIsLeaving(): [boolean, () => void] {
  const [isLeaving, setIsLeaving] = useState(false);
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  return [isLeaving, () => setIsLeaving(true)];
}

/**
 * Connect or Reconnect: a plain form post (reloadDocument), so it works before hydration and the
 * redirect to the consent page is a real navigation.
 */
export function ConnectForm({
  platformId,
  platformName,
  isReconnect = false,
  variant = "default",
  size = "sm",
}: {
  platformId: string;
  /** The platform's name, in the button's accessible name ("Connect Google Ads"). */
  platformName: string;
  /** "Reconnect" (a failing connection's way back) instead of "Connect". */
  isReconnect?: boolean;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const { t } = useTranslation("integrations");
  const [isLeaving, markLeaving] = useIsLeaving();
  const icon: ReactNode = isReconnect ? <RefreshCw aria-hidden="true" /> : null;
  const label = <ActionLabel action={isReconnect ? "reconnect" : "connect"} platform={platformName} />;
  return (
    <Form
      method="post"
      action={connectActionFor(platformId)}
      reloadDocument
      onSubmit={markLeaving}
      data-platform={platformId}
    >
      <Button type="submit" variant={variant} size={size} disabled={isLeaving} aria-busy={isLeaving}>
        {isLeaving ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
        {isLeaving ? t("connect.connecting") : label}
      </Button>
    </Form>
  );
}
