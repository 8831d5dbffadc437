import { PageHero } from "../../components/layout/page-hero.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Blog",
    description:
      "Guides, playbooks and product news from the Adhelm team on paid media, measurement, budgeting and campaign automation.",
    path: "/blog",
    appUrl: appUrlFrom(matches),
  });

export default function BlogPage() {
  return (
    <PageHero
      eyebrow="Blog"
      title="The Adhelm Blog"
      lead="Practical guides on paid media, measurement and automation, plus news about what we are building, written for marketers who manage more than one ad platform."
    />
  );
}
