/** While the answer is on its way: three dots, and which tool it is reading. */
import { useTranslation } from "react-i18next";
import { TOOL_KEYS } from "./ask-keys.ts";

export function TypingIndicator({ tool }: { tool: string | null }) {
  const { t } = useTranslation("ask");
  return (
    <div role="status" className="flex items-center gap-3 text-muted-foreground">
      <span aria-hidden="true" className="flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span className="text-xs">{tool && TOOL_KEYS[tool] ? t(TOOL_KEYS[tool]) : t("thread.thinking")}</span>
    </div>
  );
}
