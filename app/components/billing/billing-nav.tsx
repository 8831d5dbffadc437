import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "#app/lib/cn.ts";

const TABS = [
  { to: "/billing", label: "nav.overview" },
  { to: "/billing/invoices", label: "nav.invoices" },
  { to: "/billing/payment-method", label: "nav.paymentMethod" },
] as const;

/** The billing pages' title and their tabs (the sidebar lists them too; on a phone these are closer). */
export function BillingHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation("billing");
  return (
    <div className="flex flex-col gap-4">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{intro}</p>
      </div>
      <nav aria-label={t("nav.label")} className="-mx-1 overflow-x-auto">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
                    isActive ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
