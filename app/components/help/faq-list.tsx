import { ChevronDown } from "lucide-react";
import type { FaqGroup } from "./faq-content.tsx";

/** Questions as <details>: they open and close without JavaScript, and find-in-page opens them. */
export function FaqList({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="grid gap-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="scroll-mt-20">
          <h3 id={`${group.id}-heading`} className="font-semibold text-xl tracking-tight">
            {group.title}
          </h3>
          <div className="mt-4 divide-y rounded-xl border bg-card text-card-foreground">
            {group.entries.map((entry) => (
              <details key={entry.question} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-sm hover:text-primary">
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
        </section>
      ))}
    </div>
  );
}
