import { cn } from "#app/lib/cn.ts";

/** Big figures with their labels, as a description list (the label names the value). */
export function FactGrid({
  facts,
  className,
}: {
  facts: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4 lg:grid-cols-4", className)}>
      {facts.map((fact) => (
        <div
          key={fact.label}
          className="flex flex-col-reverse items-center gap-1 rounded-xl border bg-card px-4 py-6 text-center text-card-foreground"
        >
          <dt className="text-pretty text-muted-foreground text-sm">{fact.label}</dt>
          <dd className="font-bold text-3xl text-primary tabular-nums tracking-tight">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
