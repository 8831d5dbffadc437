import { Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useNow } from "#app/components/integrations/use-now.ts";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { EndpointCard } from "./endpoint-card.tsx";
import { EndpointFormDialog } from "./endpoint-form-dialog.tsx";
import { SecretDialog, type ShownSecret } from "./secret-dialog.tsx";
import { useWebhooksFetcher } from "./use-webhooks-fetcher.ts";
import { VerifyHelp } from "./verify-help.tsx";
import type { WebhookEndpointSummary, WebhooksScreenProps } from "./webhooks-types.ts";

/** Settings → Webhooks: the organization's endpoints, their secrets, tests and delivery logs. */
export function WebhooksScreen({ timeZone, ...props }: WebhooksScreenProps) {
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <Screen {...props} />
    </TimeZoneProvider>
  );
}

function Screen({ endpoints, canManage, now: serverNow }: Omit<WebhooksScreenProps, "timeZone">) {
  const { t } = useTranslation("webhooks");
  const now = useNow(serverNow);
  const isHydrated = useIsHydrated();
  // The form: closed, a new endpoint (null) or one being edited.
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpointSummary | null } | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const fetcher = useWebhooksFetcher((result) => {
    if (result.intent === "delete") toast.success(t("toasts.deleted"));
    if (result.intent === "rotate") {
      setShown({ url: result.endpoint.url, secret: result.secret, isRotated: true });
      toast.success(t("toasts.rotated"));
    }
  });
  const openCreate = () => setEditing({ endpoint: null });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t("page.intro")}</p>
        </div>
        {canManage && endpoints.length > 0 ? (
          <Button disabled={!isHydrated} onClick={openCreate}>
            <Plus aria-hidden="true" />
            {t("form.createTitle")}
          </Button>
        ) : null}
      </div>

      {!canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("page.readOnly")}
        </p>
      ) : null}

      {endpoints.length === 0 ? (
        <EmptyState canManage={canManage} isHydrated={isHydrated} onCreate={openCreate} />
      ) : (
        <ul className="grid gap-4">
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              canManage={canManage}
              now={now}
              fetcher={fetcher}
              onEdit={() => setEditing({ endpoint })}
            />
          ))}
        </ul>
      )}

      <VerifyHelp />

      {canManage ? (
        <EndpointFormDialog
          endpoint={editing?.endpoint ?? null}
          isOpen={editing !== null}
          onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
          onCreated={({ url, secret }) => setShown({ url, secret, isRotated: false })}
        />
      ) : null}
      <SecretDialog shown={shown} onDone={() => setShown(null)} />
    </div>
  );
}

function EmptyState({
  canManage,
  isHydrated,
  onCreate,
}: {
  canManage: boolean;
  isHydrated: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation("webhooks");
  return (
    <section
      aria-labelledby="webhooks-empty-heading"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Webhook aria-hidden="true" className="size-6" />
      </span>
      <div className="grid max-w-lg gap-2">
        <h2 id="webhooks-empty-heading" className="font-semibold text-lg">
          {t("empty.title")}
        </h2>
        <p className="text-pretty text-muted-foreground text-sm">{t("empty.body")}</p>
      </div>
      {canManage ? (
        <Button disabled={!isHydrated} onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t("empty.create")}
        </Button>
      ) : (
        <p className="text-muted-foreground text-sm">{t("empty.readOnly")}</p>
      )}
    </section>
  );
}
