import type { OnboardingFacts, OnboardingRepository } from "./onboarding-repository.ts";

/** The six getting-started steps, in the order the page lists them. */
export const ONBOARDING_STEP_IDS = [
  "verify-email",
  "complete-profile",
  "connect-ad-platform",
  "connect-store",
  "set-goals",
  "add-api-key-or-teammate",
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

export interface OnboardingProgress {
  steps: Array<{ id: OnboardingStepId; isComplete: boolean }>;
  completed: number;
  total: number;
}

const isFilled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * A profile is complete when it names the person (first and last name) and their company, and
 * has a time zone and a currency: everything the dashboard and the goals rely on. (The role is
 * the membership's, given by whoever invited them, not something the profile fills in.)
 */
export function isProfileComplete(profile: OnboardingFacts["profile"]): boolean {
  if (!profile) return false;
  return [profile.firstName, profile.lastName, profile.companyName, profile.timezone, profile.currency].every(isFilled);
}

export function onboardingProgressOf(facts: OnboardingFacts | null): OnboardingProgress {
  const done: Record<OnboardingStepId, boolean> = {
    "verify-email": facts?.isEmailVerified ?? false,
    "complete-profile": isProfileComplete(facts?.profile ?? null),
    "connect-ad-platform": facts?.hasAdPlatform ?? false,
    "connect-store": facts?.hasStore ?? false,
    "set-goals": facts?.hasGoals ?? false,
    "add-api-key-or-teammate": Boolean(facts?.hasApiKey || facts?.hasInvitation),
  };
  const steps = ONBOARDING_STEP_IDS.map((id) => ({ id, isComplete: done[id] }));
  return { steps, completed: steps.filter((step) => step.isComplete).length, total: steps.length };
}

/** How far `userId` has got with setting up `organizationId`, in one cheap query. */
export async function getOnboardingProgress(
  { onboarding }: { onboarding: OnboardingRepository },
  input: { userId: string; organizationId: string },
): Promise<OnboardingProgress> {
  return onboardingProgressOf(await onboarding.findFacts(input.userId, input.organizationId));
}
