/** The editor's schedule: every 15 minutes, hourly, daily at a time or weekly, in the organization's time zone. */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { RuleSchedule } from "#core/rules/rule-definition.ts";
import { EditorSection, Field, useEditor } from "./editor-context.tsx";
import { Segmented } from "./editor-controls.tsx";
import { SCHEDULE_KEYS, WEEKDAYS, weekdayName } from "./rule-words.ts";

const KINDS = ["every_15_minutes", "hourly", "daily", "weekly"] as const satisfies ReadonlyArray<RuleSchedule["kind"]>;

export function ScheduleSection({ timeZoneName }: { timeZoneName: string }) {
  const { t } = useTranslation("rules");
  const { draft, change, isReadOnly, locale } = useEditor();
  const id = useId();
  const { schedule } = draft;
  return (
    <EditorSection
      id="schedule"
      title={t("editor.schedule.title")}
      description={t("editor.schedule.description", { timeZone: timeZoneName })}
      errorPrefix="definition.schedule"
    >
      <span id={`${id}-kind`} className="sr-only">
        {t("editor.schedule.kind")}
      </span>
      <Segmented
        labelledBy={`${id}-kind`}
        value={schedule.kind}
        disabled={isReadOnly}
        onChange={(kind) =>
          change((next) => {
            next.schedule.kind = kind;
          })
        }
        options={KINDS.map((kind) => ({ value: kind, label: t(SCHEDULE_KEYS[kind]) }))}
      />
      {schedule.kind === "daily" || schedule.kind === "weekly" ? (
        <div className="grid gap-3 sm:grid-cols-[12rem_9rem]">
          {schedule.kind === "weekly" ? (
            <Field path="definition.schedule.weekday" label={t("editor.schedule.weekday")}>
              {(aria) => (
                <NativeSelect
                  {...aria}
                  disabled={isReadOnly}
                  value={schedule.weekday}
                  onChange={(event) =>
                    change((next) => {
                      next.schedule.weekday = event.target.value;
                    })
                  }
                >
                  {WEEKDAYS.map((weekday) => (
                    <option key={weekday} value={String(weekday)}>
                      {weekdayName(weekday, locale)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          <Field path="definition.schedule.time" label={t("editor.schedule.time")} className="sm:col-start-2">
            {(aria) => (
              <Input
                {...aria}
                type="time"
                step={60}
                disabled={isReadOnly}
                value={schedule.time}
                onChange={(event) =>
                  change((next) => {
                    next.schedule.time = event.target.value;
                  })
                }
              />
            )}
          </Field>
        </div>
      ) : null}
      <p className="text-muted-foreground text-xs">{t("editor.schedule.hint")}</p>
    </EditorSection>
  );
}
