import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MailCheck } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { EMAIL_MESSAGE } from "#core/forms/form-fields.ts";
import {
  type NewsletterSource,
  SUBSCRIBE_SUCCESS,
  type SubscribeInput,
  subscribeSchema,
} from "#core/newsletter/newsletter-schemas.ts";
import type { SubscribeActionResult, SubscribeOutcome } from "./subscribe-result.ts";

export type SubscribeSource = NewsletterSource;

const OUTCOME_MESSAGES: Record<SubscribeOutcome, string> = {
  sent: SUBSCRIBE_SUCCESS.message,
  invalid: EMAIL_MESSAGE,
  "rate-limited": "Too many subscription requests. Please try again later.",
  failed: "Something went wrong on our side. Please try again.",
};

const COPY: Record<SubscribeSource, { label: string; formName: string; isLabelVisible: boolean }> = {
  footer: { label: "Get product news in your inbox", formName: "Newsletter", isLabelVisible: true },
  blog: { label: "Email address", formName: "Blog newsletter", isLabelVisible: false },
  changelog: { label: "Email address", formName: "Changelog updates", isLabelVisible: false },
};

function isOutcome(value: string | null): value is SubscribeOutcome {
  return value !== null && value in OUTCOME_MESSAGES;
}

/**
 * The newsletter box (footer, blog, changelog). With JavaScript it validates as you type and
 * answers inline and in a toast without leaving the page; without it, the form posts and the
 * server sends the visitor back here with the answer. Either way the server validates again.
 */
export function SubscribeForm({ source, className }: { source: SubscribeSource; className?: string }) {
  const copy = COPY[source];
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const isHydrated = useIsHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<SubscribeActionResult>();
  const form = useForm<SubscribeInput>({
    resolver: zodResolver(subscribeSchema),
    defaultValues: { email: "", source },
    mode: "onTouched",
  });
  const isPending = fetcher.state !== "idle";

  // After a plain post the server redirected here with the outcome in the query.
  const redirectedOutcome = searchParams.get("newsletter-source") === source ? searchParams.get("newsletter") : null;
  const plainOutcome = isOutcome(redirectedOutcome) ? redirectedOutcome : null;

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      form.reset({ email: "", source });
      toast.success(result.title, { description: result.message });
      return;
    }
    const emailError = result.fieldErrors?.email;
    if (emailError) form.setError("email", { type: "server", message: emailError }, { shouldFocus: true });
    toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data, form, source]);

  const onSubmit = form.handleSubmit(({ email }) => {
    fetcher.submit(
      { email, source, redirectTo: `${location.pathname}${location.search}` },
      { method: "post", action: "/newsletter/subscribe" },
    );
  });

  const clientError = form.formState.errors.email?.message;
  const fieldError = clientError ?? (plainOutcome === "invalid" && !fetcher.data ? EMAIL_MESSAGE : undefined);
  const fetcherResult = fetcher.data;
  const status = fetcherResult
    ? fetcherResult.ok
      ? { isSuccess: true, message: fetcherResult.message }
      : fetcherResult.fieldErrors?.email
        ? null
        : { isSuccess: false, message: fetcherResult.message }
    : plainOutcome && plainOutcome !== "invalid"
      ? { isSuccess: plainOutcome === "sent", message: OUTCOME_MESSAGES[plainOutcome] }
      : null;
  const describedBy = [fieldError ? errorId : null, status ? statusId : null].filter(Boolean).join(" ") || undefined;

  return (
    <form
      id={`newsletter-${source}`}
      method="post"
      action="/newsletter/subscribe"
      aria-label={copy.formName}
      noValidate={isHydrated}
      onSubmit={onSubmit}
      className={cn("grid scroll-mt-24 gap-2", className)}
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Label htmlFor={emailId} className={copy.isLabelVisible ? undefined : "sr-only"}>
        {copy.label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={emailId}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          aria-invalid={Boolean(fieldError)}
          aria-describedby={describedBy}
          {...form.register("email")}
        />
        <Button
          type="submit"
          variant={source === "footer" ? "secondary" : "default"}
          disabled={isPending}
          aria-busy={isPending}
        >
          {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Subscribe
        </Button>
      </div>
      {fieldError ? (
        <p id={errorId} className="text-destructive text-sm">
          {fieldError}
        </p>
      ) : null}
      <div role="status" id={statusId} className="text-sm empty:hidden">
        {status ? (
          <p className={cn("flex items-start gap-2", status.isSuccess ? "text-foreground" : "text-destructive")}>
            {status.isSuccess ? <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" /> : null}
            <span>{status.message}</span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
