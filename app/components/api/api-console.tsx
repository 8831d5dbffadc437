import { KeyRound, Loader2, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatJson } from "#app/lib/api-examples.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { type ApiAnswer, ApiAnswerView, HEADERS_OF_INTEREST } from "./api-answer-view.tsx";
import { useConsoleKey } from "./console-key.tsx";
import { buildRequestPath, type ReferenceOperation } from "./openapi-reference.ts";

/**
 * "Send request": the browser calls /api/v1 itself with the pasted key (never the session
 * cookie), and shows the real status, the headers of interest and the JSON body.
 */
export function ApiConsole({ operation }: { operation: ReferenceOperation }) {
  const baseId = useId();
  const isHydrated = useIsHydrated();
  const { apiKey, setApiKey } = useConsoleKey();
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() =>
    operation.requestBody ? formatJson(operation.requestBody.example ?? {}) : "",
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ApiAnswer | null>(null);
  const [isSending, setIsSending] = useState(false);
  const label = `${operation.method} ${operation.path}`;
  const isWrite = operation.method !== "GET";

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (!apiKey) return setProblem("Paste an API key first. Create one in Settings → API keys.");
    const missing = operation.parameters.find(
      (parameter) => parameter.isRequired && parameter.location !== "header" && !values[parameter.name]?.trim(),
    );
    if (missing) return setProblem(`Fill in ${missing.name}.`);
    let payload: string | undefined;
    if (operation.requestBody) {
      try {
        payload = JSON.stringify(JSON.parse(body));
      } catch {
        return setProblem("The request body is not valid JSON.");
      }
    }
    const headers = new Headers({ Authorization: `Bearer ${apiKey}`, Accept: "application/json" });
    if (payload !== undefined) headers.set("Content-Type", "application/json");
    for (const parameter of operation.parameters)
      if (parameter.location === "header" && values[parameter.name]?.trim())
        headers.set(parameter.name, values[parameter.name]?.trim() ?? "");
    const path = buildRequestPath(operation, values);
    setIsSending(true);
    const startedAt = performance.now();
    try {
      // The key is the only credential: the session cookie stays out of it.
      const response = await fetch(path, {
        method: operation.method,
        headers,
        body: payload,
        credentials: "omit",
        cache: "no-store",
      });
      const text = await response.text();
      setAnswer({
        method: operation.method,
        path,
        status: response.status,
        durationMs: Math.round(performance.now() - startedAt),
        headers: HEADERS_OF_INTEREST.flatMap((name) => {
          const value = response.headers.get(name);
          return value === null ? [] : [{ name, value }];
        }),
        body: prettyBody(text),
      });
    } catch {
      setProblem("The request did not reach the server. Check your connection and try again.");
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form
      onSubmit={send}
      noValidate
      aria-label={`Console: ${label}`}
      className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold text-sm">Try it</h4>
        <span className="text-muted-foreground text-xs">Real request, your data</span>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${baseId}-key`}>
          <KeyRound aria-hidden="true" className="size-3.5 text-muted-foreground" />
          API key
        </Label>
        <Input
          id={`${baseId}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="adh_…"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          aria-describedby={`${baseId}-key-hint`}
          className="font-mono"
        />
        <p id={`${baseId}-key-hint`} className="text-muted-foreground text-xs">
          Kept in this tab only and sent only to this site's API.
        </p>
      </div>
      {operation.parameters.map((parameter) => {
        const id = `${baseId}-${parameter.location}-${parameter.name}`;
        return (
          <div key={id} className="grid gap-2">
            <Label htmlFor={id} className="flex-wrap">
              <code className="font-mono">{parameter.name}</code>{" "}
              <span className="font-normal text-muted-foreground text-xs">
                {parameter.location}
                {parameter.isRequired ? ", required" : ""}
              </span>
            </Label>
            <Input
              id={id}
              value={values[parameter.name] ?? ""}
              placeholder={parameter.example || (parameter.isRequired ? parameter.type : "optional")}
              onChange={(event) => setValues((current) => ({ ...current, [parameter.name]: event.target.value }))}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
            />
          </div>
        );
      })}
      {operation.requestBody ? (
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-body`}>Request body (JSON)</Label>
          <Textarea
            id={`${baseId}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            spellCheck={false}
            rows={8}
            className="max-h-80 font-mono text-[13px]"
          />
        </div>
      ) : null}
      {isWrite ? (
        <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
          This sends a real {operation.method}: it changes campaigns on your ad platforms.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={!isHydrated || isSending} aria-busy={isSending} className="w-fit">
        {isSending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        Send request
      </Button>
      <div aria-live="polite">{answer ? <ApiAnswerView answer={answer} label={label} /> : null}</div>
    </form>
  );
}

function prettyBody(text: string): string {
  if (!text) return "";
  try {
    return formatJson(JSON.parse(text));
  } catch {
    return text;
  }
}
