import type { Ref } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#app/components/ui/select.tsx";
import type { ProfileOptions } from "#core/accounts/profile-options.ts";

/** How a form's Field ties its control to the label and the error message. */
export interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** What a form field gives its control: the value, its changes, and the label/error wiring (`aria`). */
interface RegionSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  triggerRef: Ref<HTMLButtonElement>;
  aria: FieldAria;
  disabled?: boolean;
}

/** The time zone list of the profile and organization forms. */
export function TimeZoneSelect({
  timeZones,
  value,
  onChange,
  onBlur,
  triggerRef,
  aria,
  disabled,
}: RegionSelectProps & { timeZones: ProfileOptions["timeZones"] }) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...aria} ref={triggerRef} onBlur={onBlur} className="w-full">
        <SelectValue>{value}</SelectValue>
      </SelectTrigger>
      {/* Long list: scrolls, and typing a few letters jumps to a match. */}
      <SelectContent className="max-h-72">
        {timeZones.map((zone) => (
          <SelectItem key={zone} value={zone}>
            {zone}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The currency list ("EUR — Euro") of the profile and organization forms. */
export function CurrencySelect({
  currencies,
  value,
  onChange,
  onBlur,
  triggerRef,
  aria,
  disabled,
}: RegionSelectProps & { currencies: ProfileOptions["currencies"] }) {
  const label = currencies.find((currency) => currency.code === value)?.label ?? value;
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...aria} ref={triggerRef} onBlur={onBlur} className="w-full">
        <SelectValue>{label}</SelectValue>
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {currencies.map((currency) => (
          <SelectItem key={currency.code} value={currency.code}>
            {currency.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
