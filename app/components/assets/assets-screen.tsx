import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useAssetFormat } from "./asset-format.ts";
import type { AssetsScreenProps } from "./assets-types.ts";
import { LibraryView } from "./library-view.tsx";
import { UploadPanel } from "./upload-panel.tsx";

/** /assets: the library of creatives (grid or table), and its Upload view (/assets?view=uploads). */
export function AssetsScreen({ view, timeZone, canManage, ...library }: AssetsScreenProps) {
  const { t } = useTranslation("assets");
  const format = useAssetFormat(timeZone);
  const tabs = [
    { view: "library", to: "/assets", label: t("tabs.library") },
    { view: "upload", to: "/assets?view=uploads", label: t("tabs.upload") },
  ] as const;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t("page.intro")}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="flex gap-1 border-b">
        {tabs.map((tab) => (
          <Link
            key={tab.view}
            to={tab.to}
            aria-current={view === tab.view ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 font-medium text-sm",
              view === tab.view
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {!canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("page.readOnly")}
        </p>
      ) : null}
      {view === "upload" && canManage ? (
        <UploadPanel format={format} />
      ) : (
        <LibraryView {...library} canManage={canManage} format={format} />
      )}
    </div>
  );
}
