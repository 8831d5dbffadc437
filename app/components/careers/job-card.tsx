import { Briefcase, Clock, MapPin } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { JobOpening } from "#core/careers/job-openings.ts";
import { ApplyDialog } from "./apply-dialog.tsx";

/** One open position: what it is, where, what it asks for, and Apply Now. */
export function JobCard({ opening }: { opening: JobOpening }) {
  const headingId = `job-${opening.slug}`;
  return (
    <Card aria-labelledby={headingId} className="w-full" role="article">
      <CardHeader className="gap-3">
        <Badge variant="secondary">{opening.department}</Badge>
        <CardTitle>
          <h3 id={headingId} className="text-xl">
            {opening.title}
          </h3>
        </CardTitle>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {opening.location}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {opening.type}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Briefcase aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Experience: </span>
              {opening.experience}
            </span>
          </li>
        </ul>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <p className="text-pretty">{opening.description}</p>
        <div className="grid gap-2">
          <h4 className="font-medium text-sm">What you'll bring</h4>
          <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground text-sm marker:text-primary">
            {opening.requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </div>
      </CardContent>
      <CardFooter>
        <ApplyDialog position={opening} />
      </CardFooter>
    </Card>
  );
}
