import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The primary call to action of the public site. */
export function StartTrialButton() {
  return (
    <Button size="lg" asChild>
      <Link to="/signup">
        Start Free Trial
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
