import { readFileSync } from "node:fs";
import { Lexer, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from "#app/components/layout/sidebar-state.ts";
import { REMEMBER_ME_SECONDS } from "#core/accounts/auth-plugins.ts";
import { RESET_TOKEN_SECONDS, SESSION_SECONDS, VERIFICATION_TOKEN_SECONDS } from "#core/accounts/auth-server.ts";
import { AVATAR_MAX_BYTES } from "#core/accounts/profile-schema.ts";
import {
  formatPlanPrice,
  monthlyPriceCents,
  PLANS,
  TRIAL_DAYS,
  YEARLY_DISCOUNT_PERCENT,
  yearlyTotalCents,
} from "#core/billing/plan-catalog.ts";
import { parseEnv } from "#core/config/env.ts";
import { isWinAnsiEncodable } from "#core/legal/render-legal-pdf.ts";
import { getLegalDocumentContent, legalPdfFilename } from "./legal-content.server.ts";
import { LEGAL_DOCUMENTS, LEGAL_EMAIL, type LegalDocumentSlug, SUPPORT_EMAIL } from "./legal-documents.ts";
import { THEME_STORAGE_KEY } from "./theme.ts";

const text = (slug: LegalDocumentSlug) => getLegalDocumentContent(slug).markdown;
const rawSource = (slug: LegalDocumentSlug) =>
  readFileSync(new URL(`../../content/legal/${slug}.md`, import.meta.url), "utf8");
const days = (seconds: number) => seconds / (24 * 60 * 60);

/** The spec's §9 "Legal terms stated in the documents", and where each must be stated. */
const REQUIRED_TERMS: Array<[LegalDocumentSlug, string[]]> = [
  [
    "terms",
    [
      `${TRIAL_DAYS}-day free trial of the Professional plan`,
      "One trial per business entity",
      "converts automatically into a paid subscription",
      "cancel at least 24 hours before the renewal date",
      "retry the charge automatically for up to 7 days",
      "more than 72 hours in a row",
      "Billing errors",
      "cancel within 14 days of your first paid charge",
      "30 days to export",
      "no later than 90 days after deletion",
      "for up to 7 years where legally required",
      "at least 18 years old",
      "in the 12 months before the event giving rise to the claim",
      "limited to $100",
      "at least 90 days' notice",
      "under $10,000",
      "respond in writing within 30 days",
      "for up to 60 days",
      "role-based access control",
      "Team members",
      `saves ${YEARLY_DISCOUNT_PERCENT}% compared with paying monthly and is billed annually`,
    ],
  ],
  [
    "privacy",
    [
      "For the duration of your subscription plus 7 years",
      "For the duration of your subscription plus 2 years",
      "| Usage logs | 12 months |",
      "| Support records (your messages and our replies) | 3 years |",
      "We respond within 30 days",
      "within 72 hours",
      "at least 18 years old",
      "you have 30 days to export your data",
      "overwritten within 90 days",
      "for up to 7 years where legally required",
    ],
  ],
  [
    "gdpr",
    [
      "within 30 days of receiving it",
      "We correct urgent rectification requests within 72 hours",
      "subscription plus 7 years",
      "subscription plus 2 years",
      "**Usage logs:** 12 months",
      "**Support records:** 3 years",
      "30 days to export",
      "within 90 days",
    ],
  ],
  ["dpa", ["within 72 hours", "30 days to export", "within 90 days", "for up to 7 years where legally required"]],
  [
    "security",
    [
      "N=2^17, r=8, p=1",
      "HttpOnly",
      "SameSite=Lax",
      "`__Host-` prefix",
      "AES-256-GCM",
      "Content Security Policy",
      "`Origin` header",
      "scoped to the workspace of the signed-in session",
    ],
  ],
  ["cookies", ["HttpOnly", "SameSite=Lax"]],
  ["aup", ["rate limits", "Acceptable Use Policy"]],
];

describe("legal documents", () => {
  it.each(LEGAL_DOCUMENTS.map((document) => [document.slug, document] as const))(
    "%s renders with sections for its table of contents",
    (slug, document) => {
      const { html, headings } = getLegalDocumentContent(slug);
      const sections = headings.filter((heading) => heading.depth === 2);
      expect(sections.length).toBeGreaterThanOrEqual(7);
      for (const section of sections) expect(html).toContain(`<h2 id="${section.id}">`);
      // Real documents, not stubs.
      expect(text(slug).split(/\s+/).length).toBeGreaterThan(1_000);
      expect(legalPdfFilename(document)).toMatch(/^adhelm-[a-z-]+\.pdf$/);
    },
  );

  it.each(REQUIRED_TERMS)("%s states its terms from spec §9", (slug, terms) => {
    const flat = text(slug).replace(/\s+/g, " ");
    for (const term of terms) expect(flat).toContain(term);
  });

  it.each(LEGAL_DOCUMENTS.map((document) => [document.slug] as const))(
    "%s can be drawn in the PDF's Helvetica, names only our two addresses and has no unfilled placeholder",
    (slug) => {
      const markdown = text(slug);
      expect([...markdown].filter((character) => !isWinAnsiEncodable(character))).toEqual([]);
      const addresses = markdown.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [];
      expect(addresses.filter((address) => address !== LEGAL_EMAIL && address !== SUPPORT_EMAIL)).toEqual([]);
      expect(markdown).not.toMatch(/\{\{|\}\}/);
    },
  );

  it("names the PDFs after their titles", () => {
    expect(LEGAL_DOCUMENTS.map(legalPdfFilename)).toEqual([
      "adhelm-privacy-policy.pdf",
      "adhelm-terms-of-service.pdf",
      "adhelm-cookie-policy.pdf",
      "adhelm-gdpr-compliance.pdf",
      "adhelm-security.pdf",
      "adhelm-data-processing-agreement.pdf",
      "adhelm-acceptable-use-policy.pdf",
    ]);
  });
});

describe("plan facts in the Terms of Service", () => {
  const planTable = () => {
    const table = Lexer.lex(text("terms"), { gfm: true }).find(
      (token): token is Tokens.Table => token.type === "table",
    );
    if (!table) throw new Error("The terms have no plan table");
    return {
      header: table.header.map((cell) => cell.text),
      rows: table.rows.map((row) => row.map((cell) => cell.text)),
    };
  };
  const count = (limit: number | null) => (limit === null ? "Unlimited" : limit.toLocaleString("en-US"));

  it("come from the plan catalog, one row per plan", () => {
    const { header, rows } = planTable();
    expect(header).toEqual(["Plan", "Price", "Ad accounts", "Team members", "API calls per month", "Data export"]);
    expect(rows).toHaveLength(PLANS.length);
    PLANS.forEach((plan, index) => {
      const [name, price, adAccounts, teamMembers, apiCalls, exports] = rows[index] ?? [];
      expect(name).toBe(plan.name);
      const monthly = monthlyPriceCents(plan, "monthly");
      const yearly = monthlyPriceCents(plan, "yearly");
      const yearlyTotal = yearlyTotalCents(plan);
      if (monthly === null || yearly === null || yearlyTotal === null) expect(price).toBe("Custom pricing");
      else {
        expect(price).toContain(`${formatPlanPrice(monthly)} per month`);
        expect(price).toContain(`${formatPlanPrice(yearly)} per month billed yearly`);
        expect(price).toContain(`${formatPlanPrice(yearlyTotal)} a year`);
      }
      expect(adAccounts).toBe(count(plan.limits.adAccounts));
      expect(teamMembers).toBe(count(plan.limits.teamMembers));
      expect(apiCalls).toBe(count(plan.limits.apiCallsPerMonth));
      for (const format of plan.exportFormats) expect(exports).toContain(format);
    });
  });

  it("state what the spec says: Starter $49 with 3 accounts, Professional $149 with 15, Enterprise custom", () => {
    expect(planTable().rows.map((row) => [row[0], row[1]?.split(",")[0], row[2], row[3], row[4], row[5]])).toEqual([
      ["Starter", "$49 per month", "3", "2", "10,000", "CSV"],
      ["Professional", "$149 per month", "15", "10", "100,000", "CSV, Excel and API"],
      ["Enterprise", "Custom pricing", "Unlimited", "Unlimited", "Unlimited", "CSV, Excel and API"],
    ]);
  });

  it("are not typed by hand in the Markdown", () => {
    const source = rawSource("terms");
    expect(source).toContain("{{plan-table}}");
    for (const plan of PLANS) {
      if (plan.monthlyPriceCents !== null) expect(source).not.toContain(formatPlanPrice(plan.monthlyPriceCents));
    }
    expect(source).not.toMatch(/\b14-day\b|\b20%/);
  });
});

describe("the Cookie Policy lists what the code really stores", () => {
  const policy = () => text("cookies").replace(/\s+/g, " ");

  it("names the better-auth cookies with their production and local names", () => {
    for (const name of ["session_token", "dont_remember", "state"]) {
      expect(policy()).toContain(`\`__Host-adhelm.${name}\``);
      expect(policy()).toContain(`\`adhelm.${name}\``);
    }
  });

  it("names the flash cookie, the sidebar cookie and the theme key", () => {
    expect(readFileSync(new URL("./flash.server.ts", import.meta.url), "utf8")).toContain('"adhelm.flash"');
    expect(policy()).toContain("`adhelm.flash`");
    expect(policy()).toContain(`\`${SIDEBAR_COOKIE_NAME}\``);
    expect(policy()).toContain(`\`${THEME_STORAGE_KEY}\``);
  });

  it("states the lifetimes the code sets", () => {
    expect(policy()).toContain(`up to ${days(REMEMBER_ME_SECONDS)} days`);
    expect(policy()).toContain(`${days(SESSION_SECONDS)} days, renewed while you use Adhelm`);
    expect(policy()).toContain(`| ${days(SIDEBAR_COOKIE_MAX_AGE_SECONDS)} days. |`);
    expect(policy()).toContain("60 seconds at most");
    expect(policy()).toContain("5 minutes");
  });
});

describe("the Security page matches the code's settings", () => {
  it("states the default rate limits, link lifetimes and upload limit", () => {
    const env = parseEnv({});
    const page = text("security").replace(/\s+/g, " ");
    expect(page).toContain(
      `limited to ${env.AUTH_FAILED_SIGN_INS_PER_ACCOUNT} per account and ${env.AUTH_FAILED_SIGN_INS_PER_IP} per IP address in 15 minutes`,
    );
    expect(page).toContain(`limited to ${env.AUTH_SIGN_UPS_PER_IP_PER_HOUR} per IP address per hour`);
    expect(page).toContain(`limited to ${env.AUTH_MAILS_PER_ADDRESS_PER_HOUR} per email address per hour`);
    expect(page).toContain(`up to ${env.API_RATE_LIMIT_PER_MINUTE} requests per minute`);
    expect(page).toContain(`expire after ${VERIFICATION_TOKEN_SECONDS / 3600} hours`);
    expect(page).toContain(`expire after ${RESET_TOKEN_SECONDS / 60} minutes`);
    expect(page).toContain(`under ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
    expect(page).toContain(`A session lasts ${days(SESSION_SECONDS)} days`);
    expect(page).toContain(`up to ${days(REMEMBER_ME_SECONDS)} days`);
  });
});
