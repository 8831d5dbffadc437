import { ArrowRight, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlatformLogo } from "#app/components/integrations/platform-logo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { PlatformListing } from "#core/connections/platform-catalog.ts";

/** A connection whose ad accounts were never chosen ("Decide later"). */
interface AwaitingAccountChoice {
  connectionId: string;
  listing: PlatformListing;
}

/**
 * On the dashboard, above the numbers: the connections that wait for their accounts to be chosen
 * and so do not sync. Each button opens that connection's account picker on /integrations.
 */
export function AccountChoicePrompt({ awaiting }: { awaiting: AwaitingAccountChoice[] }) {
  const { t } = useTranslation("dashboard");
  if (awaiting.length === 0) return null;
  return (
    <section
      aria-labelledby="account-choice-title"
      className="grid gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ListChecks aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <h2 id="account-choice-title" className="font-semibold">
            {t("accountChoice.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("accountChoice.body")}</p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2 sm:pl-8">
        {awaiting.map(({ connectionId, listing }) => (
          <li key={connectionId}>
            <Button asChild size="sm" variant="outline" className="bg-background">
              <Link to={`/integrations?${new URLSearchParams({ choose: connectionId })}`}>
                <PlatformLogo listing={listing} className="size-5 rounded-sm shadow-none" />
                {t("accountChoice.choose", { platform: listing.name })}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
