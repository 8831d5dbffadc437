import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";

/** A public form's answer: its success data, or a refusal with the values sent (to refill the form). */
export type PublicFormResult<Success> =
  | ({ ok: true } & Success)
  | (ActionRefusal & { values?: Record<string, string> });

interface PublicFormOptions<Input extends FieldValues, Success> {
  schema: z.ZodType<unknown, Input>;
  defaultValues: Input;
  /** Where the form posts, with or without JavaScript. */
  action: string;
  /** Shared by every form instance for the same thing, so they show the same answer. */
  fetcherKey: string;
  /** The answer of a plain post (no JavaScript yet), rendered by the server. */
  plainResult?: PublicFormResult<Success> | null;
  describeSuccess: (result: { ok: true } & Success) => { title: string; description: string };
}

/** Only the form's own fields from an echoed submission. */
function pickKnown(fields: object, values: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => name in fields));
}

/**
 * The public site's forms work before and without JavaScript (a plain post the server answers
 * with the page) and, once hydrated, validate as you type and post through a fetcher: the answer
 * shows inline and in a toast without leaving the page. The server validates again either way,
 * and its field errors land under the fields.
 */
export function usePublicForm<Input extends FieldValues, Success>({
  schema,
  defaultValues,
  action,
  fetcherKey,
  plainResult,
  describeSuccess,
}: PublicFormOptions<Input, Success>) {
  const isHydrated = useIsHydrated();
  const fetcher = useFetcher({ key: fetcherKey });
  // Our answers are plain JSON: what the action returned is what arrives.
  const fetcherResult = fetcher.data as PublicFormResult<Success> | undefined;
  const plainRefusal = plainResult && !plainResult.ok ? plainResult : undefined;
  const form = useForm<Input>({
    // The schemas trim and lower-case; the form keeps what was typed and posts that.
    resolver: zodResolver(schema as z.ZodType<Input, Input>),
    mode: "onTouched",
    defaultValues: { ...defaultValues, ...pickKnown(defaultValues, plainRefusal?.values) } as DefaultValues<Input>,
  });
  // Errors of a plain post, shown until the field changes.
  const [plainErrors, setPlainErrors] = useState<Record<string, string>>(plainRefusal?.fieldErrors ?? {});

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcherResult;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      const { title, description } = describeSuccess(result);
      toast.success(title, { description });
      return;
    }
    Object.entries(result.fieldErrors ?? {}).forEach(([name, message], index) => {
      if (name in defaultValues)
        form.setError(name as Path<Input>, { type: "server", message }, { shouldFocus: index === 0 });
    });
    toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcherResult, form, describeSuccess, defaultValues]);

  const initialValues = { ...defaultValues, ...pickKnown(defaultValues, plainRefusal?.values) } as Record<
    string,
    string
  >;
  /** The field's registration, plus its value as the server renders it (RHF fills inputs only in the browser). */
  const register = (name: Path<Input>) => ({
    defaultValue: initialValues[name] ?? "",
    ...form.register(name, {
      onChange: () =>
        setPlainErrors((errors) => {
          if (!(name in errors)) return errors;
          const { [name]: _cleared, ...rest } = errors;
          return rest;
        }),
    }),
  });

  const errorOf = (name: Path<Input>): string | undefined => {
    const error = form.formState.errors[name];
    return (typeof error?.message === "string" ? error.message : undefined) ?? plainErrors[name];
  };

  const onSubmit = form.handleSubmit((values) => {
    fetcher.submit(values as Record<string, string>, { method: "post", action });
  });

  return {
    form,
    register,
    errorOf,
    onSubmit,
    isHydrated,
    isPending: fetcher.state !== "idle",
    result: fetcherResult ?? plainResult ?? null,
  };
}
