import { PageHero } from "../../components/layout/page-hero.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/changelog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Changelog",
    description: "New features, improvements and fixes in Adhelm, the AI-assisted advertising campaign manager.",
    path: "/changelog",
    appUrl: appUrlFrom(matches),
  });

export default function ChangelogPage() {
  return (
    <PageHero
      eyebrow="Product updates"
      title="Changelog"
      lead="Every new feature, improvement and fix we ship to Adhelm, newest first, so you always know what changed in the tools you rely on."
    />
  );
}
