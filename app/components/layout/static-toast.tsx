import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import type { Flash } from "#app/lib/flash.server.ts";

/**
 * A flash toast rendered by the server, for static pages that load no toast library. It sits
 * where Sonner's toasts do, in a "Notifications" region, and fades out by itself; the inline site
 * script wires its close button.
 */
export function StaticToast({ flash }: { flash: Flash }) {
  const Icon = flash.kind === "error" ? CircleAlert : CircleCheck;
  return (
    <section
      aria-label="Notifications"
      data-static-toast
      className="fixed right-4 bottom-4 z-50 w-[min(22rem,calc(100vw-2rem))]"
    >
      <div
        role={flash.kind === "error" ? "alert" : "status"}
        className={cn(
          "flex animate-static-toast items-start gap-3 rounded-lg border bg-popover p-4 text-popover-foreground text-sm shadow-lg",
          flash.kind === "error" ? "border-destructive/40" : "border-success/40",
        )}
      >
        <Icon
          aria-hidden="true"
          className={cn("mt-0.5 size-4 shrink-0", flash.kind === "error" ? "text-destructive" : "text-success")}
        />
        <div className="grid flex-1 gap-1">
          <p className="font-medium">{flash.title}</p>
          {flash.description ? <p className="text-muted-foreground">{flash.description}</p> : null}
        </div>
        <button
          type="button"
          data-dismiss-toast
          aria-label="Close"
          className="rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
