import { useCallback, useId } from "react";
import { FormField } from "#app/components/auth/form-field.tsx";
import { FormSuccess } from "#app/components/forms/form-success.tsx";
import { FormRefusal, PublicFormFooter, SenderFields } from "#app/components/forms/public-form-parts.tsx";
import { type PublicFormResult, usePublicForm } from "#app/components/forms/use-public-form.ts";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { CONTACT_TOPICS, type ContactInput, contactSchema } from "#core/support/contact-schema.ts";

export interface ContactSuccess {
  reference: string;
  email: string;
  isConfirmationSent: boolean;
}
export type ContactActionResult = PublicFormResult<ContactSuccess>;

const describeSuccess = (result: ContactSuccess) => ({
  title: "Message sent",
  description: `Your reference is ${result.reference}.`,
});

/** The help center's contact form; it posts to /help with or without JavaScript. */
export function ContactForm({ plainResult }: { plainResult?: ContactActionResult | null }) {
  const id = useId();
  const defaultValues: ContactInput = { name: "", email: "", topic: "" as ContactInput["topic"], message: "" };
  const { register, errorOf, onSubmit, isHydrated, isPending, result } = usePublicForm({
    schema: contactSchema,
    defaultValues,
    action: "/help#contact",
    fetcherKey: "contact-message",
    plainResult,
    describeSuccess: useCallback(describeSuccess, []),
  });

  if (result?.ok)
    return (
      <FormSuccess title="Message sent">
        <p>Thank you! Your message has reached our support team, and we will reply to {result.email}.</p>
        <p>
          Your reference is{" "}
          <strong className="whitespace-nowrap font-mono font-semibold text-base text-foreground tracking-wider">
            {result.reference}
          </strong>
          . Quote it if you write to us about the same question.
        </p>
        <p>
          {result.isConfirmationSent
            ? "We also emailed you a confirmation with this reference."
            : "We could not send you a confirmation email, so please note the reference."}
        </p>
      </FormSuccess>
    );

  return (
    <form
      method="post"
      action="/help#contact"
      noValidate={isHydrated}
      onSubmit={onSubmit}
      aria-label="Contact support"
      className="grid gap-5"
    >
      {result && !result.ok && !result.fieldErrors ? <FormRefusal message={result.message} /> : null}
      <SenderFields
        id={id}
        nameLabel="Name"
        emailPlaceholder="you@company.com"
        registrations={{ name: register("name"), email: register("email") }}
        errors={{ name: errorOf("name"), email: errorOf("email") }}
      />
      <FormField id={`${id}-topic`} label="Topic" error={errorOf("topic")}>
        {(aria) => (
          <NativeSelect {...aria} required {...register("topic")}>
            <option value="" disabled>
              Select a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${id}-message`}
        label="Message"
        error={errorOf("message")}
        hint="What happened, what you expected, and anything that helps us reproduce it. At least 20 characters."
      >
        {(aria) => (
          <Textarea {...aria} rows={6} required minLength={20} className="min-h-36" {...register("message")} />
        )}
      </FormField>
      <PublicFormFooter
        privacyNote="We use your details only to answer you."
        submitLabel="Send message"
        isPending={isPending}
      />
    </form>
  );
}
