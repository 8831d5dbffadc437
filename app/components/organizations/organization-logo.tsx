import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { cn } from "#app/lib/cn.ts";
import { initialsOf } from "#app/lib/initials.ts";

/** An organization's logo, or its initials on a tile when it has none. Decorative: its name is beside it. */
export function OrganizationLogo({ name, logo, className }: { name: string; logo: string | null; className?: string }) {
  return (
    <Avatar aria-hidden="true" className={cn("shrink-0 rounded-md", className)}>
      {logo ? <AvatarImage src={logo} alt="" className="object-cover" /> : null}
      <AvatarFallback className="rounded-md bg-primary font-semibold text-[0.7rem] text-primary-foreground">
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
