/** The editor's scope: which platforms, ad accounts and campaigns the rule looks at. */
import { Plus, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { PlatformMark } from "#app/components/campaigns/campaign-cells.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { CAMPAIGN_SELECTIONS } from "#core/rules/rule-definition.ts";
import { EditorSection, Field, useEditor } from "./editor-context.tsx";
import { RemovableChip, Segmented, ToggleChip } from "./editor-controls.tsx";
import type { CampaignOption } from "./rule-editor-types.ts";
import { SELECTION_KEYS } from "./rule-words.ts";

export function ScopeSection({ knownCampaigns }: { knownCampaigns: CampaignOption[] }) {
  const { t } = useTranslation("rules");
  const { draft, change, options, isReadOnly } = useEditor();
  const id = useId();
  const scope = draft.scope;
  const accounts = options.adAccounts.filter(
    (account) => scope.platforms.length === 0 || scope.platforms.includes(account.platform),
  );
  return (
    <EditorSection
      id="scope"
      title={t("editor.scope.title")}
      description={t("editor.scope.description")}
      errorPrefix="definition.scope"
    >
      <Field
        path="definition.scope.platforms"
        label={t("editor.scope.platforms")}
        hint={t("editor.scope.platformsHint")}
      >
        {(aria) => (
          <fieldset
            id={aria.id}
            aria-label={t("editor.scope.platforms")}
            aria-describedby={aria["aria-describedby"]}
            className="flex min-w-0 flex-wrap gap-2"
          >
            {options.platforms.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("editor.scope.noPlatforms")}</p>
            ) : (
              options.platforms.map((platform) => (
                <ToggleChip
                  key={platform}
                  isOn={scope.platforms.includes(platform)}
                  disabled={isReadOnly}
                  onToggle={() =>
                    change((next) => {
                      const list = next.scope.platforms;
                      next.scope.platforms = list.includes(platform)
                        ? list.filter((item) => item !== platform)
                        : [...list, platform];
                      // Accounts of a platform no longer in scope leave with it.
                      const kept = new Set(
                        options.adAccounts
                          .filter(
                            (account) =>
                              next.scope.platforms.length === 0 || next.scope.platforms.includes(account.platform),
                          )
                          .map((account) => account.id),
                      );
                      next.scope.adAccountIds = next.scope.adAccountIds.filter((accountId) => kept.has(accountId));
                    })
                  }
                >
                  <PlatformMark platform={platform} />
                  {platformName(platform)}
                </ToggleChip>
              ))
            )}
          </fieldset>
        )}
      </Field>

      {accounts.length > 1 ? (
        <Field
          path="definition.scope.adAccountIds"
          label={t("editor.scope.accounts")}
          hint={t("editor.scope.accountsHint")}
        >
          {(aria) => (
            <ul
              id={aria.id}
              aria-describedby={aria["aria-describedby"]}
              className="grid grid-cols-1 gap-2 sm:grid-cols-2"
            >
              {accounts.map((account) => {
                const checkboxId = `${id}-account-${account.id}`;
                return (
                  <li key={account.id} className="flex min-w-0 items-center gap-2 rounded-md border px-3 py-2">
                    <Checkbox
                      id={checkboxId}
                      disabled={isReadOnly}
                      checked={scope.adAccountIds.includes(account.id)}
                      onCheckedChange={(checked) =>
                        change((next) => {
                          const list = next.scope.adAccountIds.filter((item) => item !== account.id);
                          next.scope.adAccountIds = checked === true ? [...list, account.id] : list;
                        })
                      }
                    />
                    <label
                      htmlFor={checkboxId}
                      title={account.name}
                      className="flex min-w-0 flex-1 items-center gap-2 text-sm"
                    >
                      <PlatformMark platform={account.platform} />
                      <span className="min-w-0 flex-1 break-words">{account.name}</span>
                      <span className="shrink-0 text-muted-foreground text-xs">{account.currency}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </Field>
      ) : null}

      <div className="grid gap-3">
        <span id={`${id}-selection`} className="font-medium text-sm leading-none">
          {t("editor.scope.campaigns")}
        </span>
        <Segmented
          labelledBy={`${id}-selection`}
          value={scope.selection}
          disabled={isReadOnly}
          onChange={(selection) =>
            change((next) => {
              next.scope.selection = selection;
            })
          }
          options={CAMPAIGN_SELECTIONS.map((value) => ({ value, label: t(SELECTION_KEYS[value]) }))}
        />
        {scope.selection === "list" ? <CampaignPicker knownCampaigns={knownCampaigns} /> : null}
        {scope.selection === "name" ? <NameFilter /> : null}
        {scope.selection === "label" ? <LabelPicker /> : null}
      </div>
    </EditorSection>
  );
}

function NameFilter() {
  const { t } = useTranslation("rules");
  const { draft, change, isReadOnly } = useEditor();
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <Field path="definition.scope.campaigns.operator" label={t("editor.scope.nameOperator")}>
        {(aria) => (
          <NativeSelect
            {...aria}
            disabled={isReadOnly}
            value={draft.scope.nameOperator}
            onChange={(event) =>
              change((next) => {
                next.scope.nameOperator = event.target.value as "contains" | "not_contains";
              })
            }
          >
            <option value="contains">{t("editor.scope.contains")}</option>
            <option value="not_contains">{t("editor.scope.notContains")}</option>
          </NativeSelect>
        )}
      </Field>
      <Field
        path="definition.scope.campaigns.text"
        label={t("editor.scope.nameText")}
        hint={t("editor.scope.nameHint")}
      >
        {(aria) => (
          <Input
            {...aria}
            disabled={isReadOnly}
            value={draft.scope.nameText}
            onChange={(event) =>
              change((next) => {
                next.scope.nameText = event.target.value;
              })
            }
          />
        )}
      </Field>
    </div>
  );
}

function LabelPicker() {
  const { t } = useTranslation("rules");
  const { draft, change, options, isReadOnly } = useEditor();
  const [typed, setTyped] = useState("");
  const labels = draft.scope.labels;
  const known = [...new Set([...options.labels, ...labels])].sort((a, b) => a.localeCompare(b));
  const toggle = (label: string) =>
    change((next) => {
      next.scope.labels = next.scope.labels.includes(label)
        ? next.scope.labels.filter((item) => item !== label)
        : [...next.scope.labels, label];
    });
  const addTyped = () => {
    const label = typed.trim();
    if (!label) return;
    if (!labels.includes(label)) toggle(label);
    setTyped("");
  };
  return (
    <Field
      path="definition.scope.campaigns.labels"
      label={t("editor.scope.labels")}
      hint={t("editor.scope.labelsHint")}
    >
      {(aria) => (
        <div className="grid gap-2">
          {known.length > 0 ? (
            <fieldset aria-label={t("editor.scope.labels")} className="flex min-w-0 flex-wrap gap-2">
              {known.map((label) => (
                <ToggleChip
                  key={label}
                  isOn={labels.includes(label)}
                  onToggle={() => toggle(label)}
                  disabled={isReadOnly}
                >
                  {label}
                </ToggleChip>
              ))}
            </fieldset>
          ) : null}
          <div className="flex gap-2">
            <Input
              {...aria}
              disabled={isReadOnly}
              value={typed}
              placeholder={t("editor.scope.newLabel")}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                addTyped();
              }}
            />
            <Button type="button" variant="outline" onClick={addTyped} disabled={isReadOnly || !typed.trim()}>
              <Plus aria-hidden="true" />
              {t("editor.scope.addLabel")}
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}

function CampaignPicker({ knownCampaigns }: { knownCampaigns: CampaignOption[] }) {
  const { t } = useTranslation("rules");
  const { draft, change, isReadOnly } = useEditor();
  const search = useFetcher<{ campaigns: CampaignOption[] }>();
  const [query, setQuery] = useState("");
  const [names, setNames] = useState(() => new Map(knownCampaigns.map((campaign) => [campaign.id, campaign])));
  const platformsKey = draft.scope.platforms.join(",");
  // Searches as the person types (a short pause first), within the scope's platforms.
  useEffect(() => {
    const timer = setTimeout(() => {
      const params = new URLSearchParams();
      if (query.trim()) params.set("q", query.trim());
      for (const platform of platformsKey ? platformsKey.split(",") : []) params.append("platform", platform);
      search.load(`/rules/campaign-search?${params.toString()}`);
    }, 250);
    return () => clearTimeout(timer);
  }, [query, platformsKey]);
  const results = search.data?.campaigns ?? knownCampaigns;
  const chosen = draft.scope.campaignIds;
  const toggle = (campaign: CampaignOption) => {
    setNames((map) => new Map(map).set(campaign.id, campaign));
    change((next) => {
      const list = next.scope.campaignIds;
      next.scope.campaignIds = list.includes(campaign.id)
        ? list.filter((item) => item !== campaign.id)
        : [...list, campaign.id];
    });
  };
  return (
    <Field
      path="definition.scope.campaigns.campaignIds"
      label={t("editor.scope.pick")}
      hint={t("editor.scope.pickHint")}
    >
      {(aria) => (
        <div className="grid gap-3">
          {chosen.length > 0 ? (
            <fieldset
              aria-label={t("editor.scope.chosen", { count: chosen.length })}
              className="flex min-w-0 flex-wrap gap-2"
            >
              {chosen.map((campaignId) => {
                const campaign = names.get(campaignId);
                return (
                  <RemovableChip
                    key={campaignId}
                    disabled={isReadOnly}
                    removeLabel={t("editor.scope.removeCampaign", { name: campaign?.name ?? campaignId })}
                    onRemove={() =>
                      change((next) => {
                        next.scope.campaignIds = next.scope.campaignIds.filter((item) => item !== campaignId);
                      })
                    }
                  >
                    {campaign?.name ?? campaignId}
                  </RemovableChip>
                );
              })}
            </fieldset>
          ) : null}
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              {...aria}
              type="search"
              disabled={isReadOnly}
              className="pl-9"
              value={query}
              placeholder={t("editor.scope.searchPlaceholder")}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <ul
            aria-label={t("editor.scope.results")}
            aria-busy={search.state !== "idle"}
            className="max-h-64 divide-y overflow-y-auto rounded-md border"
          >
            {results.length === 0 ? (
              <li className="px-3 py-2 text-muted-foreground text-sm">{t("editor.scope.noResults")}</li>
            ) : (
              results.map((campaign) => {
                const checkboxId = `pick-${campaign.id}`;
                return (
                  <li key={campaign.id} className="flex items-center gap-3 px-3 py-2">
                    <Checkbox
                      id={checkboxId}
                      disabled={isReadOnly}
                      checked={chosen.includes(campaign.id)}
                      onCheckedChange={() => toggle(campaign)}
                    />
                    <label htmlFor={checkboxId} className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                      <PlatformMark platform={campaign.platform} />
                      <span className="truncate">{campaign.name}</span>
                      <span className="ml-auto hidden truncate text-muted-foreground text-xs sm:inline">
                        {campaign.adAccountName}
                      </span>
                    </label>
                  </li>
                );
              })
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}
