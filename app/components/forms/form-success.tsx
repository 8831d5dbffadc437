import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * What a public form shows once the server has done what was asked. It takes the focus, since
 * the form (and its submit button, which had it) is gone.
 */
export function FormSuccess({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-4 text-sm outline-none sm:p-5"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div className="grid gap-2 text-muted-foreground">
        <p className="font-semibold text-base text-foreground">{title}</p>
        {children}
      </div>
    </div>
  );
}
