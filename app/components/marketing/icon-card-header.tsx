import type { LucideIcon } from "lucide-react";
import { CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** A card's header with an icon tile, a title (h3) and a short description. */
export function IconCardHeader({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <CardHeader>
      <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <CardTitle>
        <h3 className="text-lg">{title}</h3>
      </CardTitle>
      <CardDescription className="text-pretty">{description}</CardDescription>
    </CardHeader>
  );
}
