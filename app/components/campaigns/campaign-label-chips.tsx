import { Tag } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A campaign's own labels as small chips: the first few, then "+2". */
export function CampaignLabelChips({ labels, max = 3 }: { labels: readonly string[]; max?: number }) {
  const { t } = useTranslation("campaigns");
  if (labels.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = labels.slice(0, max);
  const rest = labels.length - shown.length;
  return (
    <ul className="flex max-w-56 flex-wrap gap-1" aria-label={t("labels.listLabel")}>
      {shown.map((label) => (
        <li
          key={label}
          className="inline-flex max-w-40 items-center gap-1 rounded-md border bg-secondary px-1.5 py-0.5 text-secondary-foreground text-xs"
        >
          <Tag aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
          <span className="truncate">{label}</span>
        </li>
      ))}
      {rest > 0 ? (
        <li className="px-1 py-0.5 text-muted-foreground text-xs" title={labels.slice(max).join(", ")}>
          {t("labels.more", { count: rest })}
        </li>
      ) : null}
    </ul>
  );
}
