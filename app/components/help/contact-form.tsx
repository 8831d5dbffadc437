import { Loader2, Send } from "lucide-react";
import { useCallback, useId } from "react";
import { CONTACT_TOPICS, type ContactInput, contactSchema } from "../../../core/support/contact-schema.ts";
import { FormField } from "../auth/form-field.tsx";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { NativeSelect } from "../ui/native-select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { FormSuccess } from "./form-success.tsx";
import { type PublicFormResult, usePublicForm } from "./use-public-form.ts";

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
      {result && !result.ok && !result.fieldErrors ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm"
        >
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errorOf("name")}>
          {(aria) => <Input {...aria} autoComplete="name" required maxLength={100} {...register("name")} />}
        </FormField>
        <FormField id={`${id}-email`} label="Email" error={errorOf("email")}>
          {(aria) => (
            <Input
              {...aria}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              required
              {...register("email")}
            />
          )}
        </FormField>
      </div>
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-xs">
          We use your details only to answer you. See our{" "}
          <a href="/legal/privacy" className="underline underline-offset-4 hover:text-foreground">
            privacy policy
          </a>
          .
        </p>
        <Button type="submit" disabled={isPending} aria-busy={isPending}>
          {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {isPending ? "Sending..." : "Send message"}
        </Button>
      </div>
    </form>
  );
}
