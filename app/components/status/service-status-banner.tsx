import { CloudOff, DatabaseZap } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { ServiceStatus } from "#core/health/get-service-status.ts";

/** How often the shell asks while all is well, and while the database is out of reach. */
export const STATUS_POLL_MS = 30_000;
export const DATABASE_RETRY_POLL_MS = 5_000;

type Seen = { database: "ok"; status: ServiceStatus } | { database: "unreachable" } | null;

/** Reads /service-status: the platform outages, or the server's 503 when the database is out of reach. */
async function readStatus(signal: AbortSignal): Promise<Seen> {
  const response = await fetch("/service-status", { signal, headers: { accept: "application/json" } });
  if (response.status === 503) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    return body?.error?.code === "service_unavailable" ? { database: "unreachable" } : null;
  }
  if (!response.ok) return null;
  return { database: "ok", status: (await response.json()) as ServiceStatus };
}

/**
 * Above every app screen: a platform that is not answering (its numbers may be out of date, the
 * rest works) or the database out of reach (changes are paused). It asks every 30 s while the tab
 * is visible, every 5 s while the database is away, and reloads the screen's data once it is back:
 * nothing to restart, nothing to click.
 */
export function ServiceStatusBanner() {
  const { t } = useTranslation("status");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [seen, setSeen] = useState<Seen>(null);
  /** Bumped by "Try again now": the effect asks at once. */
  const [askAgain, setAskAgain] = useState(0);
  const isDatabaseDown = seen?.database === "unreachable";

  useEffect(() => {
    let isActive = true;
    const controller = new AbortController();
    const refresh = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const next = await readStatus(controller.signal);
        if (!isActive || next === null) return;
        setSeen((previous) => {
          if (previous?.database === "unreachable" && next.database === "ok") void revalidate.current();
          return next;
        });
      } catch {
        // Offline or aborted: the next tick asks again.
      }
    };
    void refresh();
    const timer = window.setInterval(refresh, isDatabaseDown ? DATABASE_RETRY_POLL_MS : STATUS_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refresh);
    return () => {
      isActive = false;
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", refresh);
    };
  }, [isDatabaseDown, askAgain]);

  if (seen === null) return null;
  if (seen.database === "unreachable")
    return (
      <div
        role="alert"
        className="flex items-start gap-3 border-destructive/30 border-b bg-destructive/10 px-4 py-3 text-destructive text-sm sm:px-6 dark:text-red-200"
      >
        <DatabaseZap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 flex-1 text-pretty">
          <strong className="font-medium">{t("database.title")}.</strong> {t("database.down")}
        </p>
        <Button size="sm" variant="outline" onClick={() => setAskAgain((count) => count + 1)}>
          {t("database.retryNow")}
        </Button>
      </div>
    );
  const outages = seen.status.platformOutages;
  if (outages.length === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-start gap-x-4 gap-y-2 border-amber-500/30 border-b bg-amber-50 px-4 py-3 text-amber-950 text-sm sm:px-6 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1 text-pretty">
        {outages.map((outage) => (
          <p key={outage.platform} className="font-medium">
            {t("platform.down", { platform: outage.name, count: seen.status.retryMinutes })}
          </p>
        ))}
        <p>{t("platform.stillWorks")}</p>
      </div>
      <Link to="/integrations" className="font-medium underline underline-offset-4">
        {t("platform.integrations")}
      </Link>
    </div>
  );
}
