// Copy for /community. Only our own pages and mail addresses: we link to nothing we don't run.

export const COMMUNITY_EMAIL = "community@adhelm.com";

export const COMMUNITY_SPACES = [
  {
    id: "forum",
    title: "Customer forum",
    description:
      "A members-only forum where Adhelm users share rule setups, reporting templates and advice on every ad platform we support. Our product team reads every thread and answers feature requests there.",
    howToJoin:
      "Every customer and trial user can join. Email us from the address you use for Adhelm and we send you an invitation.",
    action: { label: "Request a forum invitation", subject: "Forum invitation" },
  },
  {
    id: "office-hours",
    title: "Office hours",
    description:
      "Every Thursday at 16:00 UTC, someone from our product and customer success teams hosts a 45-minute video call. Bring a question about your setup, a rule that misbehaves or a report you want to build; we look at it together.",
    howToJoin: "Reply to us with the date you want to join and we send you the calendar invitation and the call link.",
    action: { label: "Book a seat at office hours", subject: "Office hours" },
  },
  {
    id: "events",
    title: "Meetups and events",
    description:
      "Small, in-person evenings for marketers and agency teams, with two short talks from customers and plenty of time to talk shop. We also run a yearly online user day with product news and customer sessions.",
    howToJoin: "Tell us which city you are in and we let you know when an event is planned near you.",
    action: { label: "Hear about events near you", subject: "Events near me" },
  },
] as const;

export const COMMUNITY_EVENTS = [
  {
    date: "2026-12-03",
    title: "Year-end planning evening",
    place: "London",
    description: "Customers share how they set next year's budgets across search, social and video.",
  },
  {
    date: "2027-01-21",
    title: "Automation rules clinic",
    place: "Berlin",
    description: "Bring your rules: we review them in small groups and leave with guardrails that fit your account.",
  },
  {
    date: "2027-02-18",
    title: "Adhelm User Day",
    place: "Online",
    description: "A half-day online event with product news, a roadmap session and talks from agencies and stores.",
  },
] as const;

export const COMMUNITY_RESOURCES = [
  {
    to: "/docs",
    title: "Documentation",
    description: "The user guide: setup, connections, the dashboard and the API.",
  },
  { to: "/help", title: "Help Center", description: "Answers to common questions about accounts, billing and sync." },
  { to: "/webinars", title: "Webinars", description: "Live and on-demand sessions that walk through real setups." },
  { to: "/blog", title: "Blog", description: "Guides on measurement, budgets, automation and each platform." },
  { to: "/changelog", title: "Changelog", description: "What we shipped, newest first." },
  { to: "/case-studies", title: "Case studies", description: "How teams use Adhelm, from problem to results." },
] as const;

export const COMMUNITY_GUIDELINES = [
  "Be kind and assume good intent. Everyone was new to ad platforms once.",
  "Share what you learn, including what didn't work. Leave out client names and confidential numbers.",
  "No selling. Agencies and consultants are welcome, but the community is for help, not pitches.",
  "Report problems with your account to support@adhelm.com rather than in public threads.",
] as const;
