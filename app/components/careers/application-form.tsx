import { useCallback, useId } from "react";
import { FormField } from "#app/components/auth/form-field.tsx";
import { FormSuccess } from "#app/components/forms/form-success.tsx";
import { FormRefusal, PublicFormFooter, SenderFields } from "#app/components/forms/public-form-parts.tsx";
import { type PublicFormResult, usePublicForm } from "#app/components/forms/use-public-form.ts";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { type ApplicationInput, applicationSchema } from "#core/careers/application-schema.ts";

export interface ApplicationSuccess {
  position: { slug: string; title: string };
  email: string;
  isConfirmationSent: boolean;
}
export type ApplicationActionResult = PublicFormResult<ApplicationSuccess>;

const describeSuccess = (result: ApplicationSuccess) => ({
  title: "Application sent",
  description: result.isConfirmationSent
    ? `We emailed a confirmation to ${result.email}.`
    : "The hiring team has it. We could not send you a confirmation email.",
});

/**
 * Apply Now: name, email, a link and a message, for one open position. Used in the dialog and,
 * without JavaScript, in the page's #apply section; both post to /careers.
 */
export function ApplicationForm({
  position,
  plainResult,
}: {
  position: { slug: string; title: string };
  plainResult?: ApplicationActionResult | null;
}) {
  const id = useId();
  const defaultValues: ApplicationInput = { position: position.slug, name: "", email: "", link: "", message: "" };
  const { register, errorOf, onSubmit, isHydrated, isPending, result } = usePublicForm({
    schema: applicationSchema,
    defaultValues,
    action: `/careers?apply=${position.slug}#apply`,
    fetcherKey: `job-application-${position.slug}`,
    plainResult,
    describeSuccess: useCallback(describeSuccess, []),
  });

  if (result?.ok)
    return (
      <FormSuccess title="Application sent">
        <p>
          Thank you! Your application for <strong className="text-foreground">{result.position.title}</strong> has
          reached our hiring team.
        </p>
        <p>
          {result.isConfirmationSent
            ? `We sent a confirmation to ${result.email}. If your experience fits the role, we will write to you to plan a first conversation.`
            : "We could not send you a confirmation email, but your application is saved and the team will read it."}
        </p>
      </FormSuccess>
    );

  return (
    <form
      method="post"
      action={`/careers?apply=${position.slug}#apply`}
      noValidate={isHydrated}
      onSubmit={onSubmit}
      aria-label={`Application for ${position.title}`}
      className="grid gap-5"
    >
      <input type="hidden" name="position" value={position.slug} />
      {result && !result.ok && !result.fieldErrors ? <FormRefusal message={result.message} /> : null}
      <SenderFields
        id={id}
        nameLabel="Full name"
        emailPlaceholder="you@example.com"
        registrations={{ name: register("name"), email: register("email") }}
        errors={{ name: errorOf("name"), email: errorOf("email") }}
      />
      <FormField
        id={`${id}-link`}
        label="LinkedIn, portfolio or GitHub link"
        error={errorOf("link")}
        hint="A page that shows your work, starting with https://"
      >
        {(aria) => (
          <Input
            {...aria}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://linkedin.com/in/your-name"
            required
            {...register("link")}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-message`}
        label="Message"
        error={errorOf("message")}
        hint="What have you built or run that you are proud of, and why Adhelm? At least 30 characters."
      >
        {(aria) => (
          <Textarea {...aria} rows={5} required minLength={30} className="min-h-32" {...register("message")} />
        )}
      </FormField>
      <PublicFormFooter
        privacyNote="We use these details only to consider your application."
        submitLabel="Send application"
        isPending={isPending}
      />
    </form>
  );
}
