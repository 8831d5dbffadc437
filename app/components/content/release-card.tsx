import { type LucideIcon, Sparkles, TrendingUp, Wrench } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import {
  CHANGE_TYPE_LABELS,
  type ChangelogRelease,
  type ChangeType,
  RELEASE_TYPE_LABELS,
  type ReleaseType,
} from "#app/lib/changelog.ts";
import { cn } from "#app/lib/cn.ts";
import { formatLongDate } from "./format-date.ts";

const CHANGE_ICONS: Record<ChangeType, { icon: LucideIcon; className: string }> = {
  feature: { icon: Sparkles, className: "text-primary" },
  improvement: { icon: TrendingUp, className: "text-success" },
  fix: { icon: Wrench, className: "text-warning" },
};

const RELEASE_BADGE_VARIANTS: Record<ReleaseType, "default" | "secondary" | "outline"> = {
  major: "default",
  minor: "secondary",
  patch: "outline",
};

/** One release: version, date, how big it is, and each change with its type written out. */
export function ReleaseCard({ release }: { release: ChangelogRelease }) {
  const headingId = `version-${release.version.replaceAll(".", "-")}`;
  return (
    <article
      id={headingId}
      aria-labelledby={`${headingId}-heading`}
      className="scroll-mt-24 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={`${headingId}-heading`} className="font-bold text-xl tracking-tight sm:text-2xl">
          Version {release.version}
        </h2>
        <Badge variant={RELEASE_BADGE_VARIANTS[release.type]}>{RELEASE_TYPE_LABELS[release.type]} release</Badge>
        <time dateTime={release.date} className="text-muted-foreground text-sm sm:ml-auto">
          {formatLongDate(release.date)}
        </time>
      </header>
      <p className="mt-3 text-pretty text-muted-foreground">{release.summary}</p>
      <ul className="mt-6 space-y-5">
        {release.items.map((item) => {
          const { icon: Icon, className } = CHANGE_ICONS[item.type];
          return (
            <li key={item.title} className="grid gap-2 sm:grid-cols-[8.5rem_minmax(0,1fr)] sm:gap-4">
              <div>
                <Badge variant="outline" className="gap-1.5">
                  <Icon aria-hidden="true" className={cn(className)} />
                  {CHANGE_TYPE_LABELS[item.type]}
                </Badge>
              </div>
              <div>
                <h3 className="font-semibold leading-snug">{item.title}</h3>
                <p className="mt-1 text-pretty text-muted-foreground text-sm leading-6">{item.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
