import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlanLimitNotice as Notice } from "./integrations-types.ts";

/**
 * After a connect that found more ad accounts than the plan allows: how many were left unmanaged,
 * the plan's limit, and the way to more (Upgrade opens the plans on /billing).
 */
export function PlanLimitNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation("billing");
  return (
    <div role="status" className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-pretty">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p>
        {t("refusals.leftUnmanaged", { count: notice.unmanaged, plan: notice.plan, allowed: notice.allowed })}{" "}
        <Link to="/billing#plans" className="font-medium underline underline-offset-4">
          {t("upgrade.action")}
        </Link>
      </p>
    </div>
  );
}
