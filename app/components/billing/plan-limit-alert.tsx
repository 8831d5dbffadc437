import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * A plan limit's refusal inside a dialog, with Upgrade beside it. A toast's action button cannot be
 * reached while a modal dialog holds the pointer and the focus, so a dialog shows the refusal where
 * the person is looking; Upgrade opens the plans on /billing.
 */
export function PlanLimitAlert({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation("billing");
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-pretty">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="grid gap-1">
        <p className="font-medium">{title}</p>
        <p>
          {message}{" "}
          <Link to="/billing#plans" className="font-medium underline underline-offset-4">
            {t("upgrade.action")}
          </Link>
        </p>
      </div>
    </div>
  );
}
