import { FaqEntries } from "#app/components/content/faq-entries.tsx";
import type { FaqGroup } from "./faq-content.tsx";

/** The help center's questions, in titled groups. */
export function FaqList({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="grid gap-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="scroll-mt-20">
          <h3 id={`${group.id}-heading`} className="font-semibold text-xl tracking-tight">
            {group.title}
          </h3>
          <FaqEntries entries={group.entries} className="mt-4" />
        </section>
      ))}
    </div>
  );
}
