import { ArrowRight, Check, PartyPopper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";
import { OnboardingProgressBar } from "./onboarding-progress-bar.tsx";
import { ONBOARDING_STEP_COPY } from "./onboarding-steps.ts";
import { ResendVerificationButton } from "./resend-verification-button.tsx";

/** The six setup steps with their real state, the next one to do first in line. */
export function GettingStartedScreen({ progress, email }: { progress: OnboardingProgress; email: string }) {
  const { t } = useTranslation("onboarding");
  const refusalOf = useRefusalReason();
  const nextStepId = progress.steps.find((step) => !step.isComplete)?.id ?? null;
  const isAllDone = nextStepId === null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("screen.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("screen.description")}</p>
      </div>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>{isAllDone ? t("screen.allSet") : t("screen.yourSetup")}</h2>
          </CardTitle>
          <CardDescription>
            {isAllDone ? t("screen.allSetDescription") : t("screen.yourSetupDescription")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <OnboardingProgressBar progress={progress} id="getting-started-progress" />
          {isAllDone ? (
            <Button asChild className="self-start">
              <Link to="/dashboard">
                <PartyPopper aria-hidden="true" /> {t("screen.goToDashboard")}
              </Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <ol aria-label={t("screen.stepsLabel")} className="flex flex-col gap-3">
        {progress.steps.map((step, index) => {
          const copy = ONBOARDING_STEP_COPY[step.id];
          const isNext = step.id === nextStepId;
          const action = step.isComplete ? copy.reviewAction : copy.action;
          // An open step the role cannot do says so; its link still shows the screen, read-only.
          const refusal = !step.isComplete && copy.permission ? refusalOf(copy.permission) : null;
          return (
            <li key={step.id}>
              <Card
                role="group"
                aria-label={t(copy.title)}
                className={cn(
                  "flex-row flex-wrap items-start gap-4 px-4 py-4 sm:flex-nowrap sm:items-center sm:px-6",
                  isNext && "border-primary/60 ring-1 ring-primary/30",
                )}
              >
                <StepMarker number={index + 1} isComplete={step.isComplete} />
                <div className="min-w-0 flex-1 basis-48">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className={cn("font-semibold", step.isComplete && "text-muted-foreground")}>{t(copy.title)}</h3>
                    {step.isComplete ? (
                      <Badge variant="secondary">
                        <Check aria-hidden="true" className="text-success" />
                        {t("screen.complete")}
                      </Badge>
                    ) : isNext ? (
                      <Badge variant="outline">{t("screen.upNext")}</Badge>
                    ) : null}
                  </div>
                  <p className="mt-0.5 text-muted-foreground text-sm">
                    {t(step.isComplete ? copy.doneDescription : copy.description)}
                  </p>
                  {refusal ? <p className="mt-1 text-muted-foreground text-xs">{refusal}</p> : null}
                </div>
                <div className="ml-12 flex shrink-0 sm:ml-0">
                  {step.id === "verify-email" && !step.isComplete ? (
                    <ResendVerificationButton email={email} />
                  ) : action ? (
                    <Button
                      variant={step.isComplete ? "ghost" : isNext && !refusal ? "default" : "outline"}
                      size="sm"
                      asChild
                    >
                      <Link to={action.to}>
                        {t(action.label)}
                        {step.isComplete ? null : <ArrowRight aria-hidden="true" />}
                      </Link>
                    </Button>
                  ) : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function StepMarker({ number, isComplete }: { number: number; isComplete: boolean }) {
  const { t } = useTranslation("onboarding");
  return (
    <span
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full font-semibold text-sm tabular-nums",
        isComplete ? "bg-success text-white dark:text-background" : "bg-primary/10 text-primary",
      )}
    >
      {isComplete ? (
        <>
          <Check aria-hidden="true" className="size-4" />
          <span className="sr-only">{t("screen.stepComplete", { number })}</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">{number}</span>
          <span className="sr-only">{t("screen.step", { number })}</span>
        </>
      )}
    </span>
  );
}
