import { Menu } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "../../lib/cn.ts";
import type { Viewer } from "../../lib/viewer.ts";
import { Button } from "../ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "../ui/sheet.tsx";
import { Logo } from "./logo.tsx";

export const SITE_NAV_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/integrations", label: "Integrations" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
] as const;

/** The spec: the header turns opaque once the page has scrolled more than 10px. */
export const OPAQUE_AFTER_SCROLL_PX = 10;

function useIsScrolledPast(threshold: number): boolean {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return isScrolled;
}

export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const isOpaque = useIsScrolledPast(OPAQUE_AFTER_SCROLL_PX);
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    <header
      data-opaque={isOpaque}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200",
        isOpaque ? "border-border bg-background/95 shadow-sm backdrop-blur" : "border-transparent bg-transparent",
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
          <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-72">
              <SheetHeader>
                <SheetTitle>Menu</SheetTitle>
                <SheetDescription className="sr-only">Site navigation</SheetDescription>
              </SheetHeader>
              <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
                {SITE_NAV_LINKS.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    onClick={() => setIsMenuOpen(false)}
                    className="rounded-md px-3 py-2 font-medium hover:bg-accent"
                  >
                    {link.label}
                  </Link>
                ))}
              </nav>
              <div className="flex flex-col gap-2 px-4 pt-4 sm:hidden">
                <HeaderActions viewer={viewer} onNavigate={() => setIsMenuOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}

function HeaderActions({ viewer, onNavigate }: { viewer: Viewer | null; onNavigate?: () => void }) {
  if (viewer) {
    return (
      <>
        <Button variant="ghost" asChild>
          <Link to="/dashboard" onClick={onNavigate}>
            Dashboard
          </Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard" onClick={onNavigate}>
            Go to Dashboard
          </Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" asChild>
        <Link to="/login" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/signup" onClick={onNavigate}>
          Start Free Trial
        </Link>
      </Button>
    </>
  );
}
