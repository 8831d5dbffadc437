import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "#app/components/layout/logo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * The centered card every auth screen uses. `isHeaderless` is for /login and /signup, where the
 * site header is hidden: the card then fills the whole viewport and offers its own way home.
 */
export function AuthScreen({
  title,
  description,
  icon,
  isHeaderless = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Shown above the title; defaults to the Adhelm mark. */
  icon?: ReactNode;
  isHeaderless?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-6 px-4 py-12",
        isHeaderless ? "min-h-svh" : "min-h-[calc(100svh-4rem)]",
      )}
    >
      {isHeaderless ? (
        <div className="w-full max-w-md">
          <Button variant="ghost" size="sm" asChild className="-ml-3">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              {t("screen.backToHome")}
            </Link>
          </Button>
        </div>
      ) : null}
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center text-center">
          {icon ?? <LogoMark className="size-10" />}
          <CardTitle className="mt-2">
            <h1 className="text-balance font-bold text-2xl tracking-tight">{title}</h1>
          </CardTitle>
          {description ? <CardDescription className="text-pretty text-base">{description}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
    </div>
  );
}

/** A text link inside auth cards (its text may come from a `<Trans>` component's children). */
export function AuthLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </Link>
  );
}
