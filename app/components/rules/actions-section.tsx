/** The editor's actions: pause, enable, set or change the budget, add or remove a label, notify. */
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { NOTIFY_CHANNELS, type RuleAction } from "#core/rules/rule-definition.ts";
import { EditorSection, Field, useEditor } from "./editor-context.tsx";
import { MoneyInput, UnitInput } from "./editor-controls.tsx";
import { type ActionDraft, emptyAction } from "./rule-draft.ts";
import { ACTION_KEYS, CHANNEL_KEYS } from "./rule-words.ts";

const ACTION_KINDS = [
  "pause",
  "enable",
  "set_budget",
  "change_budget",
  "add_label",
  "remove_label",
  "notify",
] as const satisfies ReadonlyArray<RuleAction["kind"]>;

export function ActionsSection() {
  const { t } = useTranslation("rules");
  const { draft, change, isReadOnly } = useEditor();
  return (
    <EditorSection
      id="actions"
      title={t("editor.actions.title")}
      description={t("editor.actions.description")}
      errorPrefix="definition.actions"
    >
      <ol className="grid gap-3">
        {draft.actions.map((action, index) => (
          <ActionRow
            key={action.key}
            action={action}
            index={index}
            canRemove={draft.actions.length > 1}
            onChange={(recipe) => change((next) => recipe(next.actions[index] as ActionDraft))}
            onRemove={() =>
              change((next) => {
                next.actions.splice(index, 1);
              })
            }
          />
        ))}
      </ol>
      {!isReadOnly && draft.actions.length < 6 ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() =>
            change((next) => {
              next.actions.push(emptyAction("notify"));
            })
          }
        >
          <Plus aria-hidden="true" />
          {t("editor.actions.add")}
        </Button>
      ) : null}
    </EditorSection>
  );
}

function ActionRow({
  action,
  index,
  canRemove,
  onChange,
  onRemove,
}: {
  action: ActionDraft;
  index: number;
  canRemove: boolean;
  onChange: (recipe: (action: ActionDraft) => void) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("rules");
  const { options, isReadOnly } = useEditor();
  const id = useId();
  const path = `definition.actions.${index}`;
  return (
    <li
      aria-label={t("editor.actions.action", { number: index + 1 })}
      className="grid gap-3 rounded-md border bg-muted/30 p-3 md:grid-cols-[14rem_minmax(0,1fr)_auto] md:items-start"
    >
      <Field path={`${path}.kind`} label={t("editor.actions.kind")}>
        {(aria) => (
          <NativeSelect
            {...aria}
            disabled={isReadOnly}
            value={action.kind}
            onChange={(event) =>
              onChange((next) => {
                next.kind = event.target.value as RuleAction["kind"];
              })
            }
          >
            {ACTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(ACTION_KEYS[kind])}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="grid min-w-0 gap-3 sm:grid-cols-3">
        {action.kind === "set_budget" ? (
          <Field path={`${path}.amountMinor`} label={t("editor.actions.amount")} hint={t("editor.actions.amountHint")}>
            {(aria) => (
              <MoneyInput
                {...aria}
                currency={options.currency}
                disabled={isReadOnly}
                value={action.amount}
                onChange={(event) =>
                  onChange((next) => {
                    next.amount = event.target.value;
                  })
                }
              />
            )}
          </Field>
        ) : null}
        {action.kind === "change_budget" ? (
          <>
            <Field path={`${path}.percent`} label={t("editor.actions.percent")} hint={t("editor.actions.percentHint")}>
              {(aria) => (
                <UnitInput
                  {...aria}
                  unit="%"
                  disabled={isReadOnly}
                  value={action.percent}
                  onChange={(event) =>
                    onChange((next) => {
                      next.percent = event.target.value;
                    })
                  }
                />
              )}
            </Field>
            <Field path={`${path}.floorMinor`} label={t("editor.actions.floor")} hint={t("editor.actions.optional")}>
              {(aria) => (
                <MoneyInput
                  {...aria}
                  currency={options.currency}
                  disabled={isReadOnly}
                  value={action.floor}
                  onChange={(event) =>
                    onChange((next) => {
                      next.floor = event.target.value;
                    })
                  }
                />
              )}
            </Field>
            <Field
              path={`${path}.ceilingMinor`}
              label={t("editor.actions.ceiling")}
              hint={t("editor.actions.optional")}
            >
              {(aria) => (
                <MoneyInput
                  {...aria}
                  currency={options.currency}
                  disabled={isReadOnly}
                  value={action.ceiling}
                  onChange={(event) =>
                    onChange((next) => {
                      next.ceiling = event.target.value;
                    })
                  }
                />
              )}
            </Field>
          </>
        ) : null}
        {action.kind === "add_label" || action.kind === "remove_label" ? (
          <Field path={`${path}.label`} label={t("editor.actions.label")} className="sm:col-span-2">
            {(aria) => (
              <>
                <Input
                  {...aria}
                  list={`${id}-labels`}
                  disabled={isReadOnly}
                  value={action.label}
                  onChange={(event) =>
                    onChange((next) => {
                      next.label = event.target.value;
                    })
                  }
                />
                <datalist id={`${id}-labels`}>
                  {options.labels.map((label) => (
                    <option key={label} value={label} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        ) : null}
        {action.kind === "notify" ? (
          <Field path={`${path}.channels`} label={t("editor.actions.channels")} className="sm:col-span-3">
            {(aria) => (
              <fieldset
                id={aria.id}
                aria-label={t("editor.actions.channels")}
                aria-describedby={aria["aria-describedby"]}
                className="flex min-w-0 flex-wrap gap-x-5 gap-y-2"
              >
                {NOTIFY_CHANNELS.map((channel) => (
                  <div key={channel} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      id={`${id}-${channel}`}
                      disabled={isReadOnly}
                      checked={action.channels.includes(channel)}
                      onCheckedChange={(checked) =>
                        onChange((next) => {
                          const list = next.channels.filter((item) => item !== channel);
                          next.channels =
                            checked === true
                              ? NOTIFY_CHANNELS.filter((item) => item === channel || list.includes(item))
                              : list;
                        })
                      }
                    />
                    <label htmlFor={`${id}-${channel}`}>{t(CHANNEL_KEYS[channel])}</label>
                  </div>
                ))}
              </fieldset>
            )}
          </Field>
        ) : null}
        {action.kind === "pause" || action.kind === "enable" ? (
          <p className="self-center text-muted-foreground text-sm sm:col-span-3 md:mt-6">
            {action.kind === "pause" ? t("editor.actions.pauseHint") : t("editor.actions.enableHint")}
          </p>
        ) : null}
      </div>
      {canRemove && !isReadOnly ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-muted-foreground md:mt-6"
          aria-label={t("editor.actions.remove", { number: index + 1 })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
