import { Loader2, Send } from "lucide-react";
import { useCallback, useId } from "react";
import { type ApplicationInput, applicationSchema } from "../../../core/careers/application-schema.ts";
import { FormField } from "../auth/form-field.tsx";
import { FormSuccess } from "../help/form-success.tsx";
import { type PublicFormResult, usePublicForm } from "../help/use-public-form.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

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
      {result && !result.ok && !result.fieldErrors ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm"
        >
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Full name" error={errorOf("name")}>
          {(aria) => <Input {...aria} autoComplete="name" required maxLength={100} {...register("name")} />}
        </FormField>
        <FormField id={`${id}-email`} label="Email" error={errorOf("email")}>
          {(aria) => (
            <Input
              {...aria}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              required
              {...register("email")}
            />
          )}
        </FormField>
      </div>
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-xs">
          We use these details only to consider your application. See our{" "}
          <a href="/legal/privacy" className="underline underline-offset-4 hover:text-foreground">
            privacy policy
          </a>
          .
        </p>
        <Button type="submit" disabled={isPending} aria-busy={isPending} className="sm:w-auto">
          {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {isPending ? "Sending..." : "Send application"}
        </Button>
      </div>
    </form>
  );
}
