import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

const LEGAL_TOPICS = ["Privacy Policy", "Terms of Service", "GDPR", "Security", "Cookie Policy", "DPA"] as const;

/** A pointer to the legal hub, for the buyers who read the small print first. */
export function LegalTeaser() {
  return (
    <div className="flex flex-col gap-8 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-10 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="max-w-2xl">
          <h2 id="legal-heading" className="text-balance font-bold text-2xl tracking-tight">
            Security and compliance, documented
          </h2>
          <p className="mt-3 text-pretty text-muted-foreground">
            Your ad accounts and revenue data deserve clear rules. Our legal documentation explains how we collect,
            protect and retain data, in plain language wherever the law allows.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Documents">
            {LEGAL_TOPICS.map((topic) => (
              <li key={topic} className="rounded-full border px-3 py-1 text-muted-foreground text-xs">
                {topic}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <Button size="lg" variant="outline" className="w-fit" asChild>
        <Link to="/legal">
          Read the legal documentation
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
