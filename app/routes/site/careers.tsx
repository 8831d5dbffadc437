import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../../components/layout/page-hero.tsx";
import { Button } from "../../components/ui/button.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Careers",
    description: "Join Adhelm and help marketers and agencies spend their advertising budgets more wisely.",
    path: "/careers",
    appUrl: appUrlFrom(matches),
  });

export default function CareersPage() {
  return (
    <PageHero
      eyebrow="Careers"
      title="Careers at Adhelm"
      lead="Help us build the tools marketers have always wanted for running ads across every platform. If you care about craft and about customers, we would love to hear from you."
    >
      <Button size="lg" variant="outline" asChild>
        <Link to="/about">
          Learn about Adhelm
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </PageHero>
  );
}
