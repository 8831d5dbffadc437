import { cn } from "#app/lib/cn.ts";

/** Headline figures as a description list: the value reads large, its label under it. */
export function StatList({
  stats,
  className,
}: {
  stats: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4 lg:grid-cols-4", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse items-center gap-1 rounded-2xl border bg-card px-4 py-6 text-center text-card-foreground shadow-sm"
        >
          <dt className="text-pretty text-muted-foreground text-sm">{stat.label}</dt>
          <dd className="font-bold text-3xl text-primary tabular-nums tracking-tight sm:text-4xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
