import { ShieldCheck } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";

/** The receiving side, as docs/webhooks.md has it: code, the same in every language. */
export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// body: the raw request body as a string, before any JSON parsing.
export function isFromAdhelm(header, body, secret) {
  const parts = header.split(",").map((part) => part.split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${body}\`).digest();
  return parts.some(([key, value]) =>
    key === "v1" && /^[0-9a-f]{64}$/.test(value) &&
    timingSafeEqual(Buffer.from(value, "hex"), expected));
}`;

/** How a receiver checks a delivery: the header, the rule and a short example. */
export function VerifyHelp() {
  const { t } = useTranslation("webhooks");
  return (
    <section
      aria-labelledby="webhooks-verify-heading"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="webhooks-verify-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        {t("verify.title")}
      </h2>
      <p className="text-pretty text-muted-foreground text-sm">
        <Trans
          t={t}
          i18nKey="verify.body"
          components={{ code: <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground text-xs" /> }}
        />
      </p>
      <figure className="grid gap-2">
        <figcaption className="font-medium text-sm">{t("verify.example")}</figcaption>
        <pre className="overflow-x-auto rounded-lg border bg-muted/50 p-3 font-mono text-xs leading-relaxed">
          <code>{VERIFY_EXAMPLE}</code>
        </pre>
      </figure>
    </section>
  );
}
