import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ExternalToast } from "sonner";

/**
 * The "Upgrade" button of a refusal's toast when a plan limit refused the action (the refusal names
 * the limit; its message already says which): it opens the plans on /billing.
 */
export function useUpgradeAction(): (refusal: { limit?: string }) => ExternalToast["action"] | undefined {
  const { t } = useTranslation("billing");
  const navigate = useNavigate();
  return (refusal) =>
    refusal.limit ? { label: t("upgrade.action"), onClick: () => navigate("/billing#plans") } : undefined;
}
