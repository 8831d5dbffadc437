import { LifeBuoy, Scale } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { LEGAL_EMAIL, SUPPORT_EMAIL } from "#app/lib/legal-documents.ts";

function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** The two ways to reach us from the legal pages: the legal team, and support for everything else. */
export function LegalContactButtons({ subject, className }: { subject: string; className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <Button asChild>
        <a href={mailto(LEGAL_EMAIL, subject)}>
          <Scale aria-hidden="true" />
          Contact Legal Team
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={mailto(SUPPORT_EMAIL, "Adhelm support")}>
          <LifeBuoy aria-hidden="true" />
          Contact Support
        </a>
      </Button>
    </div>
  );
}

/** A closing card: who to write to, with both addresses written out for those without a mail app. */
export function LegalContactCard({
  headingId,
  title,
  subject,
  headingLevel: Heading = "h2",
  className,
}: {
  headingId: string;
  title: string;
  subject: string;
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8", className)}
    >
      <Heading id={headingId} className="text-balance font-semibold text-xl tracking-tight">
        {title}
      </Heading>
      <p className="mt-2 max-w-prose text-pretty text-muted-foreground text-sm">
        Our legal team answers questions about these documents, data protection requests and contracts at{" "}
        <span className="font-medium text-foreground">{LEGAL_EMAIL}</span>. For your account, billing or anything else,
        write to support at <span className="font-medium text-foreground">{SUPPORT_EMAIL}</span>.
      </p>
      <LegalContactButtons subject={subject} className="mt-5" />
    </section>
  );
}
