import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";
import { OnboardingProgressBar } from "./onboarding-progress-bar.tsx";
import { ONBOARDING_STEP_COPY } from "./onboarding-steps.ts";
import { ResendVerificationButton } from "./resend-verification-button.tsx";

/** How many open steps the dashboard lists; the rest are on /getting-started. */
const SHOWN_STEPS = 3;

/** The dashboard's next steps: the first open getting-started steps, each with its button. */
export function NextStepsCard({ progress, email }: { progress: OnboardingProgress; email: string }) {
  const { t } = useTranslation("onboarding");
  const refusalOf = useRefusalReason();
  const open = progress.steps.filter((step) => !step.isComplete).slice(0, SHOWN_STEPS);
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("nextSteps.title")}</h2>
        </CardTitle>
        <CardDescription>{open.length > 0 ? t("nextSteps.description") : t("nextSteps.allDone")}</CardDescription>
        <CardAction>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/getting-started">{t("nextSteps.allSteps")}</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <OnboardingProgressBar progress={progress} id="next-steps-progress" />
        {open.length > 0 ? (
          <ol className="divide-y">
            {open.map((step) => {
              const copy = ONBOARDING_STEP_COPY[step.id];
              const number = progress.steps.findIndex((candidate) => candidate.id === step.id) + 1;
              return (
                <li key={step.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-sm tabular-nums">
                    {number}
                  </span>
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-medium">{t(copy.title)}</p>
                    <p className="text-muted-foreground text-sm">{t(copy.description)}</p>
                    {copy.permission && refusalOf(copy.permission) ? (
                      <p className="mt-1 text-muted-foreground text-xs">{refusalOf(copy.permission)}</p>
                    ) : null}
                  </div>
                  {step.id === "verify-email" ? (
                    <ResendVerificationButton email={email} />
                  ) : copy.action ? (
                    <Button variant="outline" size="sm" asChild>
                      <Link to={copy.action.to}>
                        {t(copy.action.label)} <ArrowRight aria-hidden="true" />
                      </Link>
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
