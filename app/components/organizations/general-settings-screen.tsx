import { ArrowRight, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useCan } from "#app/lib/use-can.ts";
import type { ProfileOptions } from "#core/accounts/profile-options.ts";
import type { OrganizationSettings } from "#core/organizations/organization-repository.ts";
import { LogoUpload } from "./logo-upload.tsx";
import { OrganizationSettingsForm } from "./organization-settings-form.tsx";

/** /settings/general: the organization's name, logo, time zone, currency and default attribution. */
export function GeneralSettingsScreen({
  settings,
  options,
}: {
  settings: OrganizationSettings;
  options: ProfileOptions;
}) {
  const { t } = useTranslation("organization");
  const can = useCan();
  const canManage = can("organization.manage");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("settings.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("settings.description")}</p>
      </div>
      {canManage ? null : (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-muted-foreground text-sm"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("settings.readOnly")}
        </p>
      )}
      <LogoUpload name={settings.name} logo={settings.logo} canManage={canManage} />
      {/* Keyed by the organization: switching organizations starts the form afresh. */}
      <OrganizationSettingsForm
        key={settings.organizationId}
        settings={settings}
        options={options}
        canManage={canManage}
      />
      {can("organization.own") ? <DangerZone /> : null}
    </div>
  );
}

/** The owner's ways out: hand the organization over (team page) or delete it (privacy page, 30-day grace). */
function DangerZone() {
  const { t } = useTranslation("organization");
  const links = [
    { to: "/settings/team", label: t("settings.danger.transfer"), hint: t("settings.danger.transferHint") },
    { to: "/account/privacy", label: t("settings.danger.delete"), hint: t("settings.danger.deleteHint") },
  ];
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t("settings.danger.title")}</CardTitle>
        <CardDescription>{t("settings.danger.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col divide-y rounded-md border">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="flex items-center justify-between gap-3 p-3 text-sm hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span>
                <span className="block font-medium">{link.label}</span>
                <span className="block text-muted-foreground">{link.hint}</span>
              </span>
              <ArrowRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
