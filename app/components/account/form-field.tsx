import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { FieldAria } from "./region-selects.tsx";

/** A labelled control with its error message underneath, tied together for screen readers. */
export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {translateMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}
