import { ArrowRight } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { ApplicationForm } from "./application-form.tsx";

export interface ApplyPosition {
  slug: string;
  title: string;
  department: string;
  location: string;
  type: string;
}

export function applyHref(slug: string): string {
  return `/careers?apply=${encodeURIComponent(slug)}#apply`;
}

/**
 * Apply Now. Without JavaScript it is a link to the page's server-rendered form
 * (/careers?apply=…#apply); once hydrated it opens the same form in a dialog.
 */
export function ApplyDialog({ position }: { position: ApplyPosition }) {
  const isHydrated = useIsHydrated();
  const label = (
    <>
      Apply Now<span className="sr-only"> for {position.title}</span>
      <ArrowRight aria-hidden="true" />
    </>
  );
  if (!isHydrated)
    return (
      <Button asChild>
        <a href={applyHref(position.slug)}>{label}</a>
      </Button>
    );
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>{label}</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Apply for {position.title}</DialogTitle>
          <DialogDescription>
            {position.department} · {position.location} · {position.type}. Tell us who you are and where we can see your
            work.
          </DialogDescription>
        </DialogHeader>
        <ApplicationForm position={position} />
      </DialogContent>
    </Dialog>
  );
}
