import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";

/** A mailto: address, with the subject filled in when given. */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

/** A button that opens the visitor's mail program: our pages' way to apply, register or ask. */
export function MailButton({
  email,
  subject,
  children,
  variant = "default",
  size = "default",
  className,
}: {
  email: string;
  subject?: string;
  children: ReactNode;
  variant?: "default" | "outline" | "secondary";
  size?: "default" | "sm" | "lg";
  className?: string;
}) {
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <a href={mailtoHref(email, subject)}>
        <Mail aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
