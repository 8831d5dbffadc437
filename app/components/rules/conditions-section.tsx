/** The editor's conditions: AND/OR groups of "metric op value" or "metric op k × metric", each with its window. */
import { Plus, Trash2 } from "lucide-react";
import { Fragment, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { MATCHES, type Match } from "#core/rules/rule-definition.ts";
import { ConditionRow } from "./condition-row.tsx";
import { EditorSection, SectionErrors, useEditor } from "./editor-context.tsx";
import { Segmented } from "./editor-controls.tsx";
import { type ConditionDraft, emptyCondition, newKey } from "./rule-draft.ts";

const MATCH_KEYS = { all: "editor.conditions.all", any: "editor.conditions.any" } as const satisfies Record<
  Match,
  string
>;

export function ConditionsSection() {
  const { t } = useTranslation("rules");
  const { draft, change, isReadOnly } = useEditor();
  const id = useId();
  const { groups } = draft.conditions;
  return (
    <EditorSection
      id="conditions"
      title={t("editor.conditions.title")}
      description={t("editor.conditions.description")}
      errorPrefix="definition.conditions"
    >
      {groups.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span id={`${id}-match`}>{t("editor.conditions.topMatch")}</span>
          <Segmented
            labelledBy={`${id}-match`}
            value={draft.conditions.match}
            disabled={isReadOnly}
            onChange={(match) =>
              change((next) => {
                next.conditions.match = match;
              })
            }
            options={MATCHES.map((value) => ({ value, label: t(MATCH_KEYS[value]) }))}
          />
          <span>{t("editor.conditions.topMatchEnd")}</span>
        </div>
      ) : null}
      {groups.map((group, groupIndex) => (
        <Fragment key={group.key}>
          {groupIndex > 0 ? (
            <p className="text-center font-semibold text-muted-foreground text-xs uppercase tracking-wide">
              {draft.conditions.match === "all" ? t("editor.conditions.and") : t("editor.conditions.or")}
            </p>
          ) : null}
          <fieldset className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4">
            <legend className="sr-only">{t("editor.conditions.group", { number: groupIndex + 1 })}</legend>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span id={`${id}-group-${group.key}`}>{t("editor.conditions.groupMatch")}</span>
              <Segmented
                labelledBy={`${id}-group-${group.key}`}
                value={group.match}
                disabled={isReadOnly}
                onChange={(match) =>
                  change((next) => {
                    next.conditions.groups[groupIndex] = { ...group, match };
                  })
                }
                options={MATCHES.map((value) => ({ value, label: t(MATCH_KEYS[value]) }))}
              />
              <span>{t("editor.conditions.groupMatchEnd")}</span>
              {groups.length > 1 && !isReadOnly ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ml-auto text-muted-foreground"
                  onClick={() =>
                    change((next) => {
                      next.conditions.groups.splice(groupIndex, 1);
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  {t("editor.conditions.removeGroup")}
                </Button>
              ) : null}
            </div>
            <ol className="grid gap-3">
              {group.conditions.map((condition, index) => (
                <ConditionRow
                  key={condition.key}
                  condition={condition}
                  path={`definition.conditions.groups.${groupIndex}.conditions.${index}`}
                  number={index + 1}
                  canRemove={group.conditions.length > 1}
                  onChange={(recipe) =>
                    change((next) => recipe(next.conditions.groups[groupIndex]?.conditions[index] as ConditionDraft))
                  }
                  onRemove={() =>
                    change((next) => {
                      next.conditions.groups[groupIndex]?.conditions.splice(index, 1);
                    })
                  }
                />
              ))}
            </ol>
            <SectionErrors prefix={`definition.conditions.groups.${groupIndex}.conditions`} />
            {!isReadOnly ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() =>
                  change((next) => {
                    next.conditions.groups[groupIndex]?.conditions.push(emptyCondition());
                  })
                }
              >
                <Plus aria-hidden="true" />
                {t("editor.conditions.addCondition")}
              </Button>
            ) : null}
          </fieldset>
        </Fragment>
      ))}
      {!isReadOnly && groups.length < 5 ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="w-fit"
          onClick={() =>
            change(
              (next) =>
                void next.conditions.groups.push({
                  key: newKey("group"),
                  match: "all",
                  conditions: [emptyCondition()],
                }),
            )
          }
        >
          <Plus aria-hidden="true" />
          {t("editor.conditions.addGroup")}
        </Button>
      ) : null}
    </EditorSection>
  );
}
