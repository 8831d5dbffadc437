import type { Gated } from "#app/components/access/permission-gate.tsx";
import type { OnboardingStepId } from "#core/onboarding/get-onboarding-progress.ts";

/**
 * How each getting-started step reads, and where its button goes (the email step's button resends
 * the link). The texts are catalog keys of the "onboarding" namespace, translated where rendered.
 */
export interface OnboardingStepCopy {
  title: string;
  description: string;
  /** What the step says once it is complete. */
  doneDescription: string;
  action: { label: string; to: string } | null;
  /** The button once the step is complete: look again at what was set up. */
  reviewAction: { label: string; to: string } | null;
  /** What the step's action needs: a role without it is told so on the step. */
  permission?: Gated;
}

export const ONBOARDING_STEP_COPY: Record<OnboardingStepId, OnboardingStepCopy> = {
  "verify-email": {
    title: "steps.verifyEmail.title",
    description: "steps.verifyEmail.description",
    doneDescription: "steps.verifyEmail.done",
    action: null,
    reviewAction: null,
  },
  "complete-profile": {
    title: "steps.completeProfile.title",
    description: "steps.completeProfile.description",
    doneDescription: "steps.completeProfile.done",
    action: { label: "steps.completeProfile.action", to: "/account/profile" },
    reviewAction: { label: "steps.completeProfile.review", to: "/account/profile" },
  },
  "connect-ad-platform": {
    title: "steps.connectAdPlatform.title",
    description: "steps.connectAdPlatform.description",
    doneDescription: "steps.connectAdPlatform.done",
    action: { label: "steps.connectAdPlatform.action", to: "/integrations" },
    reviewAction: { label: "steps.manage", to: "/integrations" },
    permission: "connections.manage",
  },
  "connect-store": {
    title: "steps.connectStore.title",
    description: "steps.connectStore.description",
    doneDescription: "steps.connectStore.done",
    action: { label: "steps.connectStore.action", to: "/integrations#integrations-e-commerce" },
    reviewAction: { label: "steps.manage", to: "/integrations#integrations-e-commerce" },
    permission: "connections.manage",
  },
  "set-goals": {
    title: "steps.setGoals.title",
    description: "steps.setGoals.description",
    doneDescription: "steps.setGoals.done",
    action: { label: "steps.setGoals.action", to: "/goals" },
    reviewAction: { label: "steps.setGoals.review", to: "/goals" },
    permission: "goals.manage",
  },
  "add-api-key-or-teammate": {
    title: "steps.addApiKeyOrTeammate.title",
    description: "steps.addApiKeyOrTeammate.description",
    doneDescription: "steps.addApiKeyOrTeammate.done",
    action: { label: "steps.addApiKeyOrTeammate.action", to: "/settings/api-keys" },
    reviewAction: { label: "steps.addApiKeyOrTeammate.review", to: "/settings/api-keys" },
    permission: "api_keys.manage",
  },
};
