// Copy for /partners.

export const PARTNERS_EMAIL = "partners@adhelm.com";

export const PARTNER_PROGRAMMES = [
  {
    id: "agency",
    name: "Agency partner programme",
    audience: "For agencies and consultants who run paid media for clients.",
    benefits: [
      "A workspace per client, with roles for your team and read-only access for the client when you want it.",
      "Partner pricing on the client workspaces you manage, billed to you or directly to the client.",
      "A named partner manager and priority support for your team.",
      "Onboarding sessions for your account managers, and early access to new features before general release.",
      "A listing in our partner directory and joint case studies or webinar slots when you have a story to tell.",
    ],
    requirements: [
      "You manage paid media for at least three clients.",
      "At least one person on your team completes our onboarding sessions.",
      "You keep client data confidential and follow our Acceptable Use Policy.",
    ],
  },
  {
    id: "technology",
    name: "Technology partner programme",
    audience:
      "For software companies whose products work alongside advertising: analytics, CRM, commerce and reporting tools.",
    benefits: [
      "Technical guidance from our engineers while you build on the Adhelm API.",
      "A test workspace with simulated ad platform data, so you can build without touching live accounts.",
      "A review of your integration before launch, and a listing once it is live.",
      "Joint announcements on our blog and changelog when you launch.",
    ],
    requirements: [
      "A product in production with customers who also advertise.",
      "An integration that uses the public API and API keys, never shared passwords.",
      "A named technical contact and a support channel for shared customers.",
    ],
  },
] as const;

export const PARTNER_APPLICATION_STEPS = [
  {
    title: "Write to us",
    description:
      "Email partners@adhelm.com with your company name, website, the programme you are interested in, and a few lines on the clients or product you would bring.",
  },
  {
    title: "Introductory call",
    description:
      "Within five business days, a partner manager replies to set up a 30-minute call about your work and what you need from Adhelm.",
  },
  {
    title: "Onboarding",
    description:
      "Once we agree to work together, we set up your partner workspace and schedule onboarding. Most partners are up and running within two weeks.",
  },
] as const;

export const PARTNER_FAQ = [
  {
    question: "Does joining cost anything?",
    answer:
      "No. Both programmes are free to join. Agency partners pay for the client workspaces they use, at partner prices.",
  },
  {
    question: "Can my clients keep their own billing?",
    answer:
      "Yes. Each client workspace can be billed to your agency or to the client directly. You can change this later for each client.",
  },
  {
    question: "Do we need to use every ad platform Adhelm supports?",
    answer:
      "No. Many partners start with one or two platforms, for example Google Ads and Meta, and connect more as their clients need them.",
  },
  {
    question: "We are a freelancer. Can we apply?",
    answer:
      "Yes, if you manage paid media for at least three clients. Tell us about them in your email and we will suggest the best setup.",
  },
] as const;
