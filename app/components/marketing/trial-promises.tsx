import { Check } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import { TRIAL_PROMISES } from "#app/lib/marketing-content.ts";

/** "14-day free trial · No credit card required · Setup in 5 minutes", with check marks. */
export function TrialPromises({ className }: { className?: string }) {
  return (
    <ul className={cn("flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm", className)}>
      {TRIAL_PROMISES.map((promise) => (
        <li key={promise} className="flex items-center gap-1.5">
          <Check aria-hidden="true" className="size-4 text-primary" />
          {promise}
        </li>
      ))}
    </ul>
  );
}
