import type { OnboardingStepId } from "#core/onboarding/get-onboarding-progress.ts";

/** How each getting-started step reads, and where its button goes (the email step's button resends the link). */
export interface OnboardingStepCopy {
  title: string;
  description: string;
  /** What the step says once it is complete. */
  doneDescription: string;
  action: { label: string; to: string } | null;
  /** The button once the step is complete: look again at what was set up. */
  reviewAction: { label: string; to: string } | null;
}

export const ONBOARDING_STEP_COPY: Record<OnboardingStepId, OnboardingStepCopy> = {
  "verify-email": {
    title: "Verify your email",
    description: "Click the link we mailed you, so alerts and reports reach you.",
    doneDescription: "Your email address is verified.",
    action: null,
    reviewAction: null,
  },
  "complete-profile": {
    title: "Complete your profile",
    description:
      "Your first and last name, company, role, time zone and currency. Reports use your time zone and currency.",
    doneDescription: "Your name, company, role, time zone and currency are set.",
    action: { label: "Complete profile", to: "/account/profile" },
    reviewAction: { label: "Edit profile", to: "/account/profile" },
  },
  "connect-ad-platform": {
    title: "Connect an ad platform",
    description:
      "Google Ads, Microsoft Advertising, Meta, TikTok or LinkedIn. Campaigns and metrics sync on their own.",
    doneDescription: "Your campaigns and their metrics are syncing.",
    action: { label: "Connect a platform", to: "/integrations" },
    reviewAction: { label: "Manage", to: "/integrations" },
  },
  "connect-store": {
    title: "Connect your store",
    description: "Shopify or WooCommerce orders show your blended ROAS: store revenue against all ad spend.",
    doneDescription: "Store orders count towards your blended ROAS.",
    action: { label: "Connect a store", to: "/integrations#integrations-e-commerce" },
    reviewAction: { label: "Manage", to: "/integrations#integrations-e-commerce" },
  },
  "set-goals": {
    title: "Set your goals",
    description: "A target ROAS or CPA and a monthly budget, for the whole team or per platform.",
    doneDescription: "Your dashboard tracks progress against your goals.",
    action: { label: "Set goals", to: "/goals" },
    reviewAction: { label: "Edit goals", to: "/goals" },
  },
  "add-api-key-or-teammate": {
    title: "Create an API key or invite a teammate",
    description: "Pull your numbers into your own tools with the API. Invitations arrive with Team settings.",
    doneDescription: "Your team's data is reachable beyond this screen.",
    action: { label: "Create an API key", to: "/settings/api-keys" },
    reviewAction: { label: "API keys", to: "/settings/api-keys" },
  },
};
