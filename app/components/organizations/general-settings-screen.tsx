import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
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
    </div>
  );
}
