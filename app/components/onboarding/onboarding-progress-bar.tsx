import { useTranslation } from "react-i18next";
import { Progress } from "#app/components/ui/progress.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";
import { formatNumber } from "#core/shared/number-format.ts";

/** "3 of 6 complete" over a bar; the bar is named by the sentence. */
export function OnboardingProgressBar({ progress, id }: { progress: OnboardingProgress; id: string }) {
  const { t } = useTranslation("onboarding");
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <div className="flex flex-col gap-2">
      <p id={id} className="font-medium text-sm tabular-nums">
        {t("progress.complete", {
          count: progress.completed,
          completed: number(progress.completed),
          total: number(progress.total),
        })}
      </p>
      <Progress value={progress.completed} max={progress.total} aria-labelledby={id} />
    </div>
  );
}
