import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type"> & {
  isPending: boolean;
  /** What the button says while pending ("Creating account..."); the label stays when absent. */
  pendingLabel?: ReactNode;
  /** Shown before the label when not pending; a spinner takes its place while pending. */
  icon?: ReactNode;
  /** The form also works as a plain post, so the button need not wait for hydration. */
  worksWithoutJavaScript?: boolean;
};

/**
 * A form's submit button, disabled while pending, with a spinner meanwhile. A form that only
 * works through React also keeps it disabled until hydration: a click before it would send a
 * plain form instead of the validated submission.
 */
export function SubmitButton({
  isPending,
  pendingLabel,
  icon,
  worksWithoutJavaScript = false,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  const isHydrated = useIsHydrated();
  const isWaitingForHydration = !isHydrated && !worksWithoutJavaScript;
  return (
    <Button type="submit" disabled={isWaitingForHydration || isPending || disabled} aria-busy={isPending} {...props}>
      {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
      {isPending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
