import {
  CircleCheck,
  CircleDashed,
  CircleDot,
  CirclePause,
  CircleX,
  Eye,
  Loader2,
  Play,
  TriangleAlert,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import type { RuleStatus } from "#core/rules/rule-definition.ts";
import type { RuleRunStatus } from "#core/rules/rule-types.ts";
import { RUN_STATUS_KEYS, STATUS_KEYS } from "./rule-words.ts";

const STATUS_STYLE: Record<RuleStatus, { icon: typeof Eye; className: string }> = {
  preview: { icon: Eye, className: "border-primary/30 bg-primary/10 text-primary" },
  active: { icon: Play, className: "border-success/40 bg-success/10 text-foreground [&>svg]:text-success" },
  paused: { icon: CirclePause, className: "border-border bg-muted text-muted-foreground" },
};

/** Preview / Active / Paused, with an icon so it reads without colour. */
export function RuleStatusBadge({ status, className }: { status: RuleStatus; className?: string }) {
  const { t } = useTranslation("rules");
  const { icon: Icon, className: style } = STATUS_STYLE[status];
  return (
    <Badge variant="outline" className={cn(style, className)}>
      <Icon aria-hidden="true" />
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

const RUN_STYLE: Record<RuleRunStatus, { icon: typeof Eye; className: string }> = {
  running: { icon: Loader2, className: "[&>svg]:animate-spin [&>svg]:text-primary" },
  succeeded: { icon: CircleCheck, className: "[&>svg]:text-success" },
  partial: { icon: TriangleAlert, className: "[&>svg]:text-warning" },
  failed: { icon: CircleX, className: "[&>svg]:text-destructive" },
  skipped: { icon: CircleDashed, className: "text-muted-foreground" },
};

/** A run's outcome: an icon and its word, coloured by how it went. */
export function RunStatusLabel({ status, className }: { status: RuleRunStatus; className?: string }) {
  const { t } = useTranslation("rules");
  const { icon: Icon, className: style } = RUN_STYLE[status];
  return (
    <span className={cn("inline-flex items-center gap-1.5 font-medium text-sm [&>svg]:size-4", style, className)}>
      <Icon aria-hidden="true" />
      {t(RUN_STATUS_KEYS[status])}
    </span>
  );
}

/** A yes/no dot for "fired" in previews and traces. */
export function FiredMark({ fired }: { fired: boolean }) {
  const { t } = useTranslation("rules");
  return fired ? (
    <span className="inline-flex items-center gap-1.5 font-medium text-sm">
      <CircleDot aria-hidden="true" className="size-4 text-warning" />
      {t("trace.fired")}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
      <CircleDashed aria-hidden="true" className="size-4" />
      {t("trace.notFired")}
    </span>
  );
}
