import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useIsHydrated } from "../../lib/use-is-hydrated.ts";
import { Button } from "../ui/button.tsx";

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type"> & {
  isPending: boolean;
  /** What the button says while pending ("Creating account..."); the label stays when absent. */
  pendingLabel?: ReactNode;
  /** Shown before the label when not pending; a spinner takes its place while pending. */
  icon?: ReactNode;
};

/** A form's submit button: disabled until hydrated and while pending, with a spinner meanwhile. */
export function SubmitButton({ isPending, pendingLabel, icon, disabled, children, ...props }: SubmitButtonProps) {
  const isHydrated = useIsHydrated();
  return (
    <Button type="submit" disabled={!isHydrated || isPending || disabled} aria-busy={isPending} {...props}>
      {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
      {isPending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
