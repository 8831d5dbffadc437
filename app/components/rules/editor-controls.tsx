/** Small controls the editor's sections share: a segmented choice, toggle chips and an amount field. */
import { X } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { currencySymbolOf } from "#app/components/goals/goal-values.ts";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";

/** A few mutually exclusive choices side by side; wraps on a phone. */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  labelledBy,
  disabled,
  size = "default",
}: {
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (value: T) => void;
  labelledBy: string;
  disabled?: boolean;
  /** "sm" for a choice inside a row of fields. */
  size?: "default" | "sm";
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      orientation="horizontal"
      disabled={disabled}
      className={cn(
        "gap-1 rounded-lg bg-muted p-[3px]",
        size === "sm"
          ? "inline-flex w-fit max-w-full flex-nowrap"
          : options.length > 3
            ? // Four long choices wrap unevenly on a phone: two by two reads better.
              "grid w-full grid-cols-2 sm:inline-flex sm:w-fit sm:max-w-full sm:flex-wrap"
            : "inline-flex w-fit max-w-full flex-wrap",
      )}
    >
      {options.map((option) => (
        <RadioGroupPrimitive.Item
          key={option.value}
          value={option.value}
          className={cn(
            "rounded-md font-medium text-muted-foreground outline-none transition-colors",
            size === "sm" ? "min-h-7 whitespace-nowrap px-2 text-xs" : "min-h-8 px-3 text-sm",
            "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
            "data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm",
          )}
        >
          {option.label}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

/** A chip that is on or off (aria-pressed). */
export function ToggleChip({
  isOn,
  onToggle,
  children,
  disabled,
}: {
  isOn: boolean;
  onToggle: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onToggle}
      disabled={disabled}
      className={cn(
        "inline-flex min-h-8 items-center gap-2 rounded-full border px-3 text-sm outline-none transition-colors",
        "focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
        isOn
          ? "border-primary bg-primary/10 text-foreground"
          : "bg-background text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </button>
  );
}

/** A chip with a remove button (a chosen label, a chosen campaign). */
export function RemovableChip({
  children,
  removeLabel,
  onRemove,
  disabled,
}: {
  children: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-secondary-foreground text-sm">
      <span className="truncate">{children}</span>
      <button
        type="button"
        aria-label={removeLabel}
        onClick={onRemove}
        disabled={disabled}
        className="rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-3" />
      </button>
    </span>
  );
}

/** An amount typed in major units, with the currency's symbol in front. */
export function MoneyInput({ currency, className, ...props }: ComponentProps<typeof Input> & { currency: string }) {
  const symbol = currencySymbolOf(currency);
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
      >
        {symbol}
      </span>
      <Input
        inputMode="decimal"
        {...props}
        className={cn("tabular-nums", className)}
        style={{ paddingLeft: `${0.95 + symbol.length * 0.55}rem` }}
      />
    </div>
  );
}

/** A number with its unit after it ("%", "×", "h"). */
export function UnitInput({ unit, className, ...props }: ComponentProps<typeof Input> & { unit: string }) {
  return (
    <div className="relative">
      <Input inputMode="decimal" {...props} className={cn("pr-9 tabular-nums", className)} />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground text-sm"
      >
        {unit}
      </span>
    </div>
  );
}
