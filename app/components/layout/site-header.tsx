import { Menu, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { Logo } from "./logo.tsx";

export const SITE_NAV_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/integrations", label: "Integrations" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
] as const;

/**
 * The public header. It needs no React in the browser: the inline site script sets `data-opaque`
 * once the page has scrolled more than 10px (spec), and the phone menu is a native popover.
 */
export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  return (
    <header
      data-site-header
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-transparent border-b bg-transparent transition-colors duration-200",
        "data-[opaque=true]:border-border data-[opaque=true]:bg-background/95 data-[opaque=true]:shadow-sm data-[opaque=true]:backdrop-blur",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Adhelm home" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SITE_NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
                  isActive ? "text-foreground" : "text-muted-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <HeaderActions viewer={viewer} />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            popoverTarget={MENU_ID}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div
        id={MENU_ID}
        popover="auto"
        role="dialog"
        aria-label="Menu"
        className={cn(
          "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] border-l bg-background p-0 text-foreground shadow-lg",
          "backdrop:bg-black/50",
        )}
      >
        <div className="flex items-center justify-between border-b px-4 py-3">
          <p className="font-semibold">Menu</p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Close menu"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1 p-4">
          {SITE_NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="rounded-md px-3 py-2 font-medium hover:bg-accent">
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-col gap-2 px-4 sm:hidden">
          <HeaderActions viewer={viewer} />
        </div>
      </div>
    </header>
  );
}

const MENU_ID = "site-menu";

function HeaderActions({ viewer }: { viewer: Viewer | null }) {
  if (viewer) {
    return (
      <>
        <Button variant="ghost" asChild>
          <Link to="/dashboard">Dashboard</Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" asChild>
        <Link to="/login">Sign In</Link>
      </Button>
      <Button asChild>
        <Link to="/signup">Start Free Trial</Link>
      </Button>
    </>
  );
}
