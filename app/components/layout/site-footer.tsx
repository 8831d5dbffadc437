import { Link } from "react-router";
import { SubscribeForm } from "#app/components/marketing/subscribe-form.tsx";
import { Logo } from "./logo.tsx";

export const FOOTER_LINK_GROUPS = [
  {
    title: "Product",
    links: [
      { to: "/#features", label: "Features" },
      { to: "/#pricing", label: "Pricing" },
      { to: "/#integrations", label: "Integrations" },
      { to: "/api", label: "API" },
      { to: "/changelog", label: "Changelog" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/blog", label: "Blog" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press" },
      { to: "/partners", label: "Partners" },
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/docs", label: "Documentation" },
      { to: "/help", label: "Help Center" },
      { to: "/community", label: "Community" },
      { to: "/webinars", label: "Webinars" },
      { to: "/case-studies", label: "Case Studies" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/legal/terms", label: "Terms of Service" },
      { to: "/legal/cookies", label: "Cookie Policy" },
      { to: "/legal/gdpr", label: "GDPR" },
      { to: "/legal/security", label: "Security" },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_3fr] lg:px-8">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-muted-foreground text-sm">
            AI-powered campaign management for Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn, in one
            dashboard.
          </p>
          <SubscribeForm source="footer" className="max-w-sm" />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="font-semibold text-sm">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-muted-foreground text-sm hover:text-foreground">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-muted-foreground text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Adhelm. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
