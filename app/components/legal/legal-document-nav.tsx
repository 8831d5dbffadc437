import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { LEGAL_DOCUMENTS, type LegalDocumentSlug } from "#app/lib/legal-documents.ts";

/** The side list of every legal document; the one on screen is marked as the current page. */
export function LegalDocumentNav({ current, className }: { current: LegalDocumentSlug; className?: string }) {
  return (
    <nav aria-label="Legal documents" className={className}>
      <Link
        to="/legal"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All legal documents
      </Link>
      <ul className="-mx-3 mt-4 flex flex-wrap gap-1 lg:mx-0 lg:flex-col">
        {LEGAL_DOCUMENTS.map((document) => {
          const isCurrent = document.slug === current;
          return (
            <li key={document.slug}>
              <Link
                to={`/legal/${document.slug}`}
                aria-current={isCurrent ? "page" : undefined}
                className={cn(
                  "block whitespace-nowrap rounded-md px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                  isCurrent
                    ? "bg-accent font-medium text-accent-foreground"
                    : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                )}
              >
                {document.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
