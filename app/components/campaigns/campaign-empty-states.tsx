/** What the campaigns page says instead of the table: nothing connected, nothing matching, nothing synced yet. */
import { Plug, SearchX, Table2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ClearFiltersButton } from "./campaign-filters.tsx";

function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: typeof Plug;
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10">
        <Icon aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">{title}</h2>
      <p className="max-w-md text-muted-foreground text-sm">{children}</p>
      <div className="mt-1">{action}</div>
    </div>
  );
}

export function ConnectFirst() {
  const { t } = useTranslation("campaigns");
  return (
    <EmptyState
      icon={Plug}
      title={t("empty.connectTitle")}
      action={
        <Button asChild>
          <Link to="/integrations">{t("empty.connectAction")}</Link>
        </Button>
      }
    >
      {t("empty.connectBody")}
    </EmptyState>
  );
}

export function NoMatches() {
  const { t } = useTranslation("campaigns");
  return (
    <EmptyState icon={SearchX} title={t("empty.noMatchesTitle")} action={<ClearFiltersButton className="border" />}>
      {t("empty.noMatchesBody")}
    </EmptyState>
  );
}

export function NoCampaignsYet() {
  const { t } = useTranslation("campaigns");
  return (
    <EmptyState
      icon={Table2}
      title={t("empty.noCampaignsTitle")}
      action={
        <Button asChild variant="outline">
          <Link to="/integrations">{t("empty.noCampaignsAction")}</Link>
        </Button>
      }
    >
      {t("empty.noCampaignsBody")}
    </EmptyState>
  );
}
