import { HOW_IT_WORKS_STEPS } from "#app/lib/marketing-content.ts";

/** The spec's three onboarding steps, numbered. */
export function HowItWorks() {
  return (
    <ol className="relative grid gap-10 lg:grid-cols-3 lg:gap-8">
      {/* The line that joins the step numbers on wide screens. */}
      <div aria-hidden="true" className="absolute top-6 right-[16.7%] left-[16.7%] hidden h-px bg-border lg:block" />
      {HOW_IT_WORKS_STEPS.map(({ title, description, icon: Icon }, index) => (
        <li key={title} className="relative flex flex-col items-center text-center">
          <span className="relative inline-flex size-12 items-center justify-center rounded-full border-4 border-background bg-primary font-bold text-lg text-primary-foreground shadow-sm">
            {index + 1}
          </span>
          <span className="mt-5 inline-flex items-center gap-2 font-medium text-muted-foreground text-sm">
            <Icon aria-hidden="true" className="size-4 text-primary" />
            Step {index + 1}
          </span>
          <h3 className="mt-2 font-semibold text-xl">{title}</h3>
          <p className="mt-3 max-w-sm text-pretty text-muted-foreground">{description}</p>
        </li>
      ))}
    </ol>
  );
}
