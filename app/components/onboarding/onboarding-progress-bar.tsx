import { Progress } from "#app/components/ui/progress.tsx";
import type { OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";

/** "3 of 6 complete" over a bar; the bar is named by the sentence. */
export function OnboardingProgressBar({ progress, id }: { progress: OnboardingProgress; id: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p id={id} className="font-medium text-sm tabular-nums">
        {progress.completed} of {progress.total} complete
      </p>
      <Progress value={progress.completed} max={progress.total} aria-labelledby={id} />
    </div>
  );
}
