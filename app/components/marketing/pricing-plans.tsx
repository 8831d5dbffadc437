import { Check } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { type BillingInterval, PLANS, type Plan, YEARLY_DISCOUNT_PERCENT } from "#core/billing/plan-catalog.ts";
import { describePlanPrice, type PlanPriceDisplay, planCallToAction } from "./plan-display.ts";

const INTERVAL_LABELS: Record<BillingInterval, string> = { monthly: "Monthly", yearly: "Yearly" };

/**
 * The three plans with a monthly/yearly switch, on the landing and pricing pages. The switch is
 * two native radios and the prices follow them through CSS (`:has`), so it works on a page that
 * ships no JavaScript; the server's HTML has monthly checked.
 */
export function PricingPlans({ className }: { className?: string }) {
  const groupName = useId();

  return (
    <div className={cn("group/pricing", className)}>
      <fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full border bg-muted p-1">
        <legend className="sr-only">Billing period</legend>
        {(Object.keys(INTERVAL_LABELS) as BillingInterval[]).map((option) => (
          <label
            key={option}
            className={cn(
              "relative flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 font-medium text-muted-foreground text-sm transition-colors",
              "hover:text-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm",
              "has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50",
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={option}
              data-billing={option}
              defaultChecked={option === "monthly"}
              // Covers its label, invisible: the whole pill is the native radio's click target.
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {INTERVAL_LABELS[option]}
            {option === "yearly" ? (
              <span className="rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs">
                Save {YEARLY_DISCOUNT_PERCENT}%
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>

      <ul className="mx-auto mt-10 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6">
        {PLANS.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanPrice({ price, className }: { price: PlanPriceDisplay; className?: string }) {
  return (
    <div className={className}>
      <p className="flex items-baseline gap-1">
        <span className="font-bold text-4xl tabular-nums tracking-tight">{price.amount}</span>
        {price.period ? <span className="text-muted-foreground text-sm">{price.period}</span> : null}
      </p>
      <p className="mt-1 text-muted-foreground text-sm">{price.billingNote}</p>
    </div>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const monthly = describePlanPrice(plan, "monthly");
  const yearly = describePlanPrice(plan, "yearly");
  const action = planCallToAction(plan);
  const headingId = `plan-${plan.id}-heading`;

  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn("relative w-full gap-0 pt-8", plan.isPopular && "border-primary shadow-lg ring-1 ring-primary")}
    >
      {plan.isPopular ? (
        <Badge className="-top-3 -translate-x-1/2 absolute left-1/2 px-3 py-1">Most popular</Badge>
      ) : null}
      <CardHeader>
        <CardTitle>
          <h3 id={headingId} className="text-xl">
            {plan.name}
          </h3>
        </CardTitle>
        <CardDescription className="text-pretty lg:min-h-10">{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-6">
        {monthly.amount === yearly.amount ? (
          <PlanPrice price={monthly} />
        ) : (
          <>
            {/* Only the checked period's price is displayed (and so read out). */}
            <PlanPrice price={monthly} className="group-has-[[data-billing=yearly]:checked]/pricing:hidden" />
            <PlanPrice price={yearly} className="hidden group-has-[[data-billing=yearly]:checked]/pricing:block" />
          </>
        )}
        <Button className="mt-6 w-full" size="lg" variant={plan.isPopular ? "default" : "outline"} asChild>
          {action.isExternal ? (
            <a href={action.href}>
              {action.label}
              <span className="sr-only"> about {plan.name}</span>
            </a>
          ) : (
            <Link to={action.href}>
              {action.label}
              <span className="sr-only"> with {plan.name}</span>
            </Link>
          )}
        </Button>
      </CardContent>
      <CardFooter className="mt-8 flex-1 items-start border-t pt-6">
        <ul className="grid gap-3 text-sm" aria-label={`${plan.name} includes`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      </CardFooter>
    </Card>
  );
}
