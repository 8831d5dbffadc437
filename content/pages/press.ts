// Copy for /press. The company figures are the ones the product's own pages claim.

export const PRESS_EMAIL = "press@adhelm.com";

export const PRESS_BOILERPLATES = [
  {
    id: "short",
    title: "Short version",
    text: "Adhelm is an AI-assisted advertising platform that lets marketers, agencies and enterprises run Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns from one dashboard, measured against real revenue.",
  },
  {
    id: "long",
    title: "Long version",
    text: "Adhelm is an AI-assisted advertising management platform for marketers, agencies and enterprises. It connects Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn in one dashboard, and checks their results against real orders from Shopify and WooCommerce stores. Automated rules, cross-platform budget plans and AI recommendations take over the repetitive work of running paid media, so teams can spend their time on strategy and creative. Founded in 2022, Adhelm is used by more than 10,000 people in over 150 countries and is trusted by more than 500 agencies.",
  },
] as const;

export const PRESS_COMPANY_FACTS = [
  { value: "2022", label: "Founded" },
  { value: "10K+", label: "Active users" },
  { value: "150+", label: "Countries" },
  { value: "99.9%", label: "Uptime SLA" },
] as const;

export const PRESS_PRODUCT_FACTS = [
  {
    term: "What Adhelm does",
    detail:
      "Manages advertising campaigns across several ad platforms from one dashboard, with AI optimization, automated rules and cross-platform budgets.",
  },
  { term: "Ad platforms", detail: "Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn." },
  {
    term: "Store integrations",
    detail: "Shopify and WooCommerce, so results are measured in orders, not only clicks.",
  },
  { term: "Who uses it", detail: "Marketers, agencies and enterprises. Trusted by more than 500 agencies." },
  { term: "Scale", detail: "More than 10,000 campaigns managed." },
  { term: "Trying it", detail: "A 14-day free trial, no credit card required, set up in about five minutes." },
] as const;

/** Subjects our team can speak about with some authority; they match what we write about on the blog. */
export const PRESS_TOPICS = [
  {
    title: "Measuring advertising across platforms",
    description:
      "Why ad platforms' reported results add up to more than a store sells, and how teams compare them fairly.",
  },
  {
    title: "Automation with guardrails",
    description: "How marketing teams let software change budgets safely: limits, dry runs and an undoable change log.",
  },
  {
    title: "Agencies and multi-client work",
    description: "How agencies manage dozens of client accounts across five ad platforms without losing track.",
  },
  {
    title: "Commerce and revenue truth",
    description: "What store data from Shopify and WooCommerce changes about how online shops judge their ads.",
  },
] as const;

export const LOGO_DOWNLOADS = [
  { href: "/favicon.svg", label: "Adhelm mark, SVG", description: "Vector, for print and any size on screen." },
  { href: "/icon-512.png", label: "Adhelm mark, PNG", description: "512 × 512 pixels, for slides and articles." },
] as const;

export const LOGO_DOS = [
  "Use the mark and the name Adhelm together where space allows, with the mark on the left.",
  "Leave clear space around the logo at least as wide as the mark's bars are tall.",
  "Use the blue mark on light backgrounds and on dark ones; it is designed for both.",
  "Write the name as one word with a capital A: Adhelm.",
] as const;

export const LOGO_DONTS = [
  "Don't stretch, rotate or redraw the mark, or change its colours.",
  "Don't add shadows, outlines or effects.",
  "Don't place the logo on busy photographs where it is hard to read.",
  "Don't use the logo in a way that suggests Adhelm endorses a product or service.",
] as const;
