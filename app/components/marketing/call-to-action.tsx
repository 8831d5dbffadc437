import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { SALES_EMAIL } from "#app/lib/contact-addresses.ts";
import { TRIAL_PROMISES } from "#app/lib/marketing-content.ts";

/** The closing band of a public page: one strong reason, the trial and a way to reach sales. */
export function CallToAction({
  title = "Ready to grow your ROAS?",
  lead = "Join the 500+ agencies and brands that run their paid media with Adhelm. Connect your first ad account in minutes.",
}: {
  title?: string;
  lead?: string;
}) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-20 dark:border dark:bg-card dark:text-card-foreground">
        {/* A soft highlight: white on the blue band in light mode, a primary glow on the dark card. */}
        <div
          aria-hidden="true"
          className="-z-10 absolute inset-0 bg-[radial-gradient(circle_at_top_right,color-mix(in_oklch,var(--color-primary-foreground)_18%,transparent),transparent_55%)] dark:bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary)_25%,transparent),transparent_65%)]"
        />
        <h2 id="cta-heading" className="mx-auto max-w-2xl text-balance font-bold text-3xl tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-lg">{lead}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/signup"
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-background px-6 font-medium text-foreground text-sm shadow-sm transition-colors hover:bg-background/90 focus-visible:outline-2 focus-visible:outline-primary-foreground focus-visible:outline-offset-2 sm:w-auto dark:bg-primary dark:text-primary-foreground dark:focus-visible:outline-ring dark:hover:bg-primary/90"
          >
            Start Free Trial
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <a
            href={`mailto:${SALES_EMAIL}`}
            className="inline-flex h-11 w-full items-center justify-center rounded-md border border-primary-foreground/40 px-6 font-medium text-sm transition-colors hover:bg-primary-foreground/10 focus-visible:outline-2 focus-visible:outline-primary-foreground focus-visible:outline-offset-2 sm:w-auto dark:border-input dark:focus-visible:outline-ring dark:hover:bg-accent"
          >
            Contact sales
          </a>
        </div>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
          {TRIAL_PROMISES.map((promise) => (
            <li key={promise} className="flex items-center gap-1.5">
              <Check aria-hidden="true" className="size-4" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
