import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { PASSWORD_STRENGTH_LABELS, scorePassword } from "#core/accounts/account-schemas.ts";

// From red through amber to green, one per score (0 and 1 share "Very Weak").
const BAR_COLOURS = ["bg-destructive", "bg-destructive", "bg-orange-500", "bg-warning", "bg-lime-500", "bg-success"];
const TEXT_COLOURS = [
  "text-destructive",
  "text-destructive",
  "text-orange-600 dark:text-orange-400",
  "text-amber-700 dark:text-amber-400",
  "text-lime-700 dark:text-lime-400",
  "text-success",
];

/** The spec's meter: a score of 0 to 5, a label, a colour and a bar. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation("auth");
  if (!password) return null;
  const score = scorePassword(password);
  // core's English label ("Very Weak"…) is its key in messages-auth.
  const label = translateMessage(t, PASSWORD_STRENGTH_LABELS[score] ?? "");
  return (
    <div id={id} className="grid gap-1.5">
      {/* The native meter is for assistive technology; the bar below is its picture. */}
      <meter
        className="sr-only"
        min={0}
        max={5}
        value={score}
        aria-label={t("password.strength")}
        aria-valuetext={label}
      />
      <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
        <div
          className={cn("h-full transition-[width] motion-reduce:transition-none", BAR_COLOURS[score])}
          style={{ width: `${(score / 5) * 100}%` }}
        />
      </div>
      <p className="text-xs">
        <span className="text-muted-foreground">{t("password.strengthLabel")} </span>
        <span className={cn("font-medium", TEXT_COLOURS[score])}>{label}</span>
      </p>
    </div>
  );
}
