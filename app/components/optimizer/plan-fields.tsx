/** Small pieces the plan's forms share: a labelled field with hint and error, a segmented choice, an amount input. */
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";

export interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string;
}

export function PlanField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A choice of a few values as one segmented control (a radio group). */
export function Segmented<Value extends string>({
  labelId,
  value,
  options,
  onChange,
  disabled,
}: {
  labelId: string;
  value: Value;
  options: { value: Value; label: string; disabled?: boolean }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-labelledby={labelId}
      value={value}
      onValueChange={(next) => onChange(next as Value)}
      orientation="horizontal"
      disabled={disabled}
      className="inline-flex w-fit max-w-full flex-wrap rounded-lg bg-muted p-[3px]"
    >
      {options.map((option) => (
        <RadioGroupPrimitive.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          className={cn(
            "h-8 rounded-md px-3 font-medium text-muted-foreground text-sm outline-none transition-colors",
            "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
            "data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm",
          )}
        >
          {option.label}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

/** An amount or percentage with its unit beside the typed figure ("$" in front, "%" behind). */
export function UnitInput({
  unit,
  unitPosition = "start",
  className,
  ...props
}: ComponentProps<typeof Input> & { unit: string; unitPosition?: "start" | "end" }) {
  const room = `${0.95 + unit.length * 0.55}rem`;
  return (
    <div className={cn("relative", className)}>
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-y-0 flex items-center text-muted-foreground text-sm",
          unitPosition === "start" ? "left-3" : "right-3",
        )}
      >
        {unit}
      </span>
      <Input
        {...props}
        className="tabular-nums"
        style={unitPosition === "start" ? { paddingLeft: room } : { paddingRight: room }}
      />
    </div>
  );
}
