import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Integrations",
    description: "Connect or disconnect your ad platforms and stores.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

const PLATFORMS = [
  { name: "Google Ads", category: "Ad platform" },
  { name: "Microsoft Advertising", category: "Ad platform" },
  { name: "Meta", category: "Ad platform", isRecommended: true },
  { name: "TikTok", category: "Ad platform" },
  { name: "LinkedIn", category: "Ad platform" },
  { name: "X (Twitter)", category: "Ad platform", isComingSoon: true },
  { name: "Shopify", category: "E-commerce" },
  { name: "WooCommerce", category: "E-commerce" },
];

export default function IntegrationsScreen() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Integrations</h1>
        <p className="mt-1 text-muted-foreground">
          Connect your ad platforms and your store to bring every campaign into one place.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PLATFORMS.map((platform) => (
          <li key={platform.name}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="flex flex-wrap items-center gap-2">
                  {platform.name}
                  {platform.isRecommended ? <Badge>Recommended</Badge> : null}
                  {platform.isComingSoon ? <Badge variant="secondary">Coming soon</Badge> : null}
                </CardTitle>
                <CardDescription>{platform.category}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
