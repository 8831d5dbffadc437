import type { ReactNode } from "react";
import { Link } from "react-router";
import type { FaqEntry } from "#app/components/content/faq-entries.tsx";

export interface FaqGroup {
  id: string;
  title: string;
  entries: FaqEntry[];
}

function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** The help center's answers, grouped as people look for them. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting started and free trial",
    entries: [
      {
        question: "How does the free trial work?",
        answer: (
          <>
            <p>
              Every new workspace starts with a 14-day free trial of the Professional plan. You don't need a credit card
              to start, and there is one trial per business.
            </p>
            <p>
              Before the trial ends, choose the plan that fits under Billing to keep your connections, rules and
              history. Plans and prices are on the <TextLink to="/pricing">pricing page</TextLink>.
            </p>
          </>
        ),
      },
      {
        question: "How long does setup take?",
        answer: (
          <p>
            About five minutes. Create your account and confirm your email, connect your first ad platform from
            Integrations, then set your goals (the KPIs you care about and a target ROAS). Adhelm starts importing your
            history as soon as you choose which ad accounts to follow; when a platform has only one, it is chosen for
            you.
          </p>
        ),
      },
      {
        question: "Which platforms does Adhelm work with?",
        answer: (
          <p>
            Google Ads, Microsoft Advertising, Meta (Facebook and Instagram), TikTok and LinkedIn, plus Shopify and
            WooCommerce stores for revenue. X (Twitter) is coming soon. See{" "}
            <TextLink to="/#integrations">all integrations</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: "billing",
    title: "Billing and plans",
    entries: [
      {
        question: "Can I change my plan later?",
        answer: (
          <p>
            Yes, at any time from Billing. An upgrade or downgrade takes effect immediately, and the price is prorated
            for the rest of your billing period, so you only pay for what you use.
          </p>
        ),
      },
      {
        question: "How can I pay?",
        answer: (
          <p>
            By any major credit or debit card, or with PayPal. Enterprise customers on an annual plan can pay by
            invoice. There is no setup fee on any plan.
          </p>
        ),
      },
      {
        question: "Can I get a refund?",
        answer: (
          <p>
            New customers who cancel within 14 days are refunded. We also refund billing errors, and any period in which
            the service was down for more than 72 hours. The details are in our{" "}
            <TextLink to="/legal/terms">terms of service</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: "connecting-platforms",
    title: "Connecting your ad platforms",
    entries: [
      {
        question: "How do I connect Google Ads?",
        answer: (
          <p>
            Open Integrations, choose Google Ads and select Connect. Sign in with the Google account that has access to
            your ad accounts (standard or admin access), allow Adhelm access, then pick the accounts Adhelm should
            manage. The list holds the accounts that sign-in can open directly; a manager (MCC) account holds no
            campaigns of its own, so it is left out.
          </p>
        ),
      },
      {
        question: "How do I connect Microsoft Advertising?",
        answer: (
          <p>
            Open Integrations, choose Microsoft Advertising and select Connect. Sign in with the Microsoft account you
            use for Microsoft Advertising, approve access, and choose the ad accounts to manage. The list holds the
            accounts of every customer your Microsoft Advertising user has a role in.
          </p>
        ),
      },
      {
        question: "How do I connect Meta (Facebook and Instagram)?",
        answer: (
          <p>
            Open Integrations, choose Meta and select Connect. Log in with Facebook and grant access to the business and
            ad accounts you want Adhelm to see. You need an advertiser or admin role on those ad accounts in Meta
            Business Manager. Instagram campaigns come with the same ad accounts.
          </p>
        ),
      },
      {
        question: "How do I connect TikTok?",
        answer: (
          <p>
            Open Integrations, choose TikTok and select Connect. Log in to TikTok For Business with a user who has admin
            or operator access to the advertiser accounts, approve the requested permissions and pick the advertisers to
            manage.
          </p>
        ),
      },
      {
        question: "How do I connect LinkedIn?",
        answer: (
          <p>
            Open Integrations, choose LinkedIn and select Connect. Sign in with a LinkedIn member who has the account
            manager or campaign manager role on the ad account in Campaign Manager, then choose the accounts to manage.
          </p>
        ),
      },
      {
        question: "Why connect Shopify or WooCommerce?",
        answer: (
          <p>
            Ad platforms each report the conversions they think they caused. Connecting your store lets Adhelm compare
            them with the orders you really received, so budget moves are based on revenue, not on each platform's own
            claims.
          </p>
        ),
      },
    ],
  },
  {
    id: "data",
    title: "Data and reporting",
    entries: [
      {
        question: "How fresh is my data?",
        answer: (
          <>
            <p>
              When you connect a platform, Adhelm imports the last 90 days. After that, each connection syncs regularly
              through the day; its card under Integrations shows when it last synced.
            </p>
            <p>
              Platforms keep attributing conversions for days after a click, so every sync fetches the recent days
              again. Yesterday's results can still grow a little, as they do in the platforms' own reports.
            </p>
          </>
        ),
      },
      {
        question: "Why don't my numbers match the ad platform exactly?",
        answer: (
          <p>
            Usually because of time zones or attribution. Adhelm reports each ad account's days in that account's own
            time zone, and totals in your profile's time zone; a platform's dashboard may use another one. Spend in
            different currencies is shown per currency and never added together.
          </p>
        ),
      },
    ],
  },
  {
    id: "security",
    title: "Security and privacy",
    entries: [
      {
        question: "How do you keep my data safe?",
        answer: (
          <>
            <p>
              Access tokens for your ad platforms are encrypted at rest, passwords are stored only as strong one-way
              hashes, and every query is limited to your own organization. Sessions live on our servers, so signing out
              ends them for good.
            </p>
            <p>
              Read more in our <TextLink to="/legal/security">security overview</TextLink> and{" "}
              <TextLink to="/legal/gdpr">GDPR statement</TextLink>.
            </p>
          </>
        ),
      },
      {
        question: "How do I get a copy of my data, or have it deleted?",
        answer: (
          <>
            <p>
              Yourself, under Privacy and data in your account. Ask for an export and Adhelm builds it in the background
              and emails you a download link; ask to delete your account or your organization and it is deleted 30 days
              later, unless you cancel in the meantime.
            </p>
            <p>
              You can also write to us with the contact form below, topic "Security and privacy". We answer data
              requests within 30 days, and correct urgent inaccuracies within 72 hours.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: "api",
    title: "API and developers",
    entries: [
      {
        question: "How do I get an API key?",
        answer: (
          <p>
            Every plan includes a monthly allowance of API calls. An owner, admin or manager of your organization
            creates keys under Settings, API keys; each key is shown once, so store it somewhere safe. Send it as a
            bearer token in the Authorization header, and revoke it as soon as you no longer need it. The{" "}
            <TextLink to="/api">developer page</TextLink> has the endpoints and SDKs.
          </p>
        ),
      },
      {
        question: "Does the API have rate limits?",
        answer: (
          <p>
            Yes: a number of requests per minute for each key, and your plan's monthly allowance. Every answer carries
            RateLimit headers that say how many requests you have left; past a limit you get a 429 answer with a
            Retry-After header telling you when to try again.
          </p>
        ),
      },
    ],
  },
  {
    id: "cancelling",
    title: "Cancelling",
    entries: [
      {
        question: "How do I cancel my subscription?",
        answer: (
          <>
            <p>
              From Billing, at any time. To avoid being charged for the next period, cancel at least 24 hours before
              your plan renews.
            </p>
            <p>
              After your account closes you have 30 days to export your data. Copies in our backups are deleted within
              90 days, except where the law requires us to keep records longer.
            </p>
          </>
        ),
      },
    ],
  },
];
