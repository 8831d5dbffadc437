import { ArrowRight, Check, PartyPopper } from "lucide-react";
import { Link } from "react-router";
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
  const nextStepId = progress.steps.find((step) => !step.isComplete)?.id ?? null;
  const isAllDone = nextStepId === null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Getting started</h1>
        <p className="mt-1 text-muted-foreground">Six steps to get Adhelm working for your team.</p>
      </div>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>{isAllDone ? "You're all set" : "Your setup"}</h2>
          </CardTitle>
          <CardDescription>
            {isAllDone
              ? "Every step is complete. Your dashboard has the whole picture."
              : "Each step completes on its own as soon as it is done."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <OnboardingProgressBar progress={progress} id="getting-started-progress" />
          {isAllDone ? (
            <Button asChild className="self-start">
              <Link to="/dashboard">
                <PartyPopper aria-hidden="true" /> Go to the dashboard
              </Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <ol aria-label="Setup steps" className="flex flex-col gap-3">
        {progress.steps.map((step, index) => {
          const copy = ONBOARDING_STEP_COPY[step.id];
          const isNext = step.id === nextStepId;
          const action = step.isComplete ? copy.reviewAction : copy.action;
          return (
            <li key={step.id}>
              <Card
                role="group"
                aria-label={copy.title}
                className={cn(
                  "flex-row flex-wrap items-start gap-4 px-4 py-4 sm:flex-nowrap sm:items-center sm:px-6",
                  isNext && "border-primary/60 ring-1 ring-primary/30",
                )}
              >
                <StepMarker number={index + 1} isComplete={step.isComplete} />
                <div className="min-w-0 flex-1 basis-48">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className={cn("font-semibold", step.isComplete && "text-muted-foreground")}>{copy.title}</h3>
                    {step.isComplete ? (
                      <Badge variant="secondary">
                        <Check aria-hidden="true" className="text-success" />
                        Complete
                      </Badge>
                    ) : isNext ? (
                      <Badge variant="outline">Up next</Badge>
                    ) : null}
                  </div>
                  <p className="mt-0.5 text-muted-foreground text-sm">
                    {step.isComplete ? copy.doneDescription : copy.description}
                  </p>
                </div>
                <div className="ml-12 flex shrink-0 sm:ml-0">
                  {step.id === "verify-email" && !step.isComplete ? (
                    <ResendVerificationButton email={email} />
                  ) : action ? (
                    <Button variant={step.isComplete ? "ghost" : isNext ? "default" : "outline"} size="sm" asChild>
                      <Link to={action.to}>
                        {action.label}
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
          <span className="sr-only">Step {number}, complete</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">{number}</span>
          <span className="sr-only">Step {number}</span>
        </>
      )}
    </span>
  );
}
