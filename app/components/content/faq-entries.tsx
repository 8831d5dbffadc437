import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/** Questions as <details>: they open and close without JavaScript, and find-in-page opens them. */
export function FaqEntries({ entries, className }: { entries: readonly FaqEntry[]; className?: string }) {
  return (
    <div className={cn("divide-y rounded-xl border bg-card text-card-foreground shadow-sm", className)}>
      {entries.map((entry) => (
        <details key={entry.question} className="group px-5 sm:px-6 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm py-4 font-medium outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {entry.question}
            <ChevronDown
              aria-hidden="true"
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <div className="grid gap-3 pb-5 text-pretty text-muted-foreground leading-relaxed">{entry.answer}</div>
        </details>
      ))}
    </div>
  );
}
