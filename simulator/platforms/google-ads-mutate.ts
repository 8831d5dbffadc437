import type { Context } from "hono";
import type { SandboxKit, SimAccount } from "../sandbox-kit.ts";
import {
  type AdsFailure,
  asRecord,
  BIDDING_STRATEGIES,
  budgetIdOf,
  checkBudgetMicros,
  EU_POLITICAL_ADVERTISING,
  invalidStatus,
  MAX_CAMPAIGN_NAME_LENGTH,
  type MutateContext,
  microsPerMinor,
  mutateError,
  notFound,
  type PendingBudget,
  PLATFORM,
  type PlannedOperation,
  pendingBudgetKey,
  readUpdateMask,
  requiredField,
} from "./google-ads-common.ts";

/** campaigns:mutate and campaignBudgets:mutate: validated operations, applied all or nothing. */

export function createGoogleMutations(kit: SandboxKit) {
  async function runMutate(
    c: Context,
    tenant: string,
    account: SimAccount,
    request: Record<string, unknown>,
    service: "campaigns" | "campaignBudgets",
  ) {
    const operations = Array.isArray(request.operations) ? (request.operations as unknown[]) : [];
    if (operations.length === 0) {
      return mutateError(c, [{ errorCode: { mutateError: "EMPTY_OPERATIONS" }, message: "No operations were given." }]);
    }
    const context: MutateContext = {
      tenant,
      account,
      campaigns: await kit.engine.listCampaigns(tenant, PLATFORM, account.id),
      namesInRequest: new Set(),
      budgetsInRequest: new Set(),
    };
    const planned: PlannedOperation[] = [];
    const failures: AdsFailure[] = [];
    for (const [index, raw] of operations.entries()) {
      const at = (...path: string[]) => ({
        fieldPathElements: [{ fieldName: "operations", index }, ...path.map((fieldName) => ({ fieldName }))],
      });
      const operation = asRecord(raw);
      const kinds = (["create", "update", "remove"] as const).filter((kind) => operation[kind] !== undefined);
      if (kinds.length !== 1) {
        failures.push(requiredField(at("operation")));
        continue;
      }
      const outcome =
        service === "campaigns"
          ? await planCampaignOperation(context, operation, kinds[0]!, at)
          : await planBudgetOperation(context, operation, kinds[0]!, at);
      if ("errorCode" in outcome) failures.push(outcome);
      else planned.push(outcome);
    }

    // Without partial_failure, a mutate is atomic: one bad operation and nothing changes.
    if (failures.length > 0) return mutateError(c, failures);
    if (request.validateOnly === true) return c.json({ results: [] });
    for (const operation of planned) await operation.apply();
    return c.json({ results: planned.map(({ resourceName }) => ({ resourceName })) });
  }

  async function planCampaignOperation(
    context: MutateContext,
    operation: Record<string, unknown>,
    kind: "create" | "update" | "remove",
    at: (...path: string[]) => AdsFailure["location"],
  ): Promise<PlannedOperation | AdsFailure> {
    const { tenant, account, campaigns } = context;
    const campaignName = (id: string) => `customers/${account.id}/campaigns/${id}`;

    if (kind === "create") {
      const create = asRecord(operation.create);
      const problem = checkCampaignName(context, create.name, null, at("create", "name"));
      if (problem) return problem;
      const name = create.name as string;
      const status = create.status ?? "ENABLED";
      if (status !== "ENABLED" && status !== "PAUSED") return invalidStatus(at("create", "status"));
      if (create.advertisingChannelType === undefined) return requiredField(at("create", "advertising_channel_type"));
      if (create.advertisingChannelType !== "SEARCH") {
        return {
          errorCode: { campaignError: "INCOMPATIBLE_CAMPAIGN_FIELD" },
          message: "The sandbox creates SEARCH campaigns only.",
          location: at("create", "advertising_channel_type"),
        };
      }
      if (BIDDING_STRATEGIES.filter((strategy) => create[strategy] !== undefined).length !== 1) {
        return requiredField(at("create", "campaign_bidding_strategy"));
      }
      if (!EU_POLITICAL_ADVERTISING.includes(String(create.containsEuPoliticalAdvertising))) {
        return requiredField(at("create", "contains_eu_political_advertising"));
      }
      const budgetId = new RegExp(`^customers/${account.id}/campaignBudgets/(\\d+)$`).exec(
        typeof create.campaignBudget === "string" ? create.campaignBudget : "",
      )?.[1];
      if (!budgetId) return requiredField(at("create", "campaign_budget"));
      const budget = await readPendingBudget(tenant, account, budgetId);
      const isTaken =
        context.budgetsInRequest.has(budgetId) || campaigns.some((campaign) => budgetIdOf(campaign.id) === budgetId);
      if (isTaken || !budget) {
        return isTaken
          ? {
              errorCode: {
                campaignBudgetError: "CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS",
              },
              message: "Only explicitly shared campaign budgets can be used with multiple campaigns.",
              location: at("create", "campaign_budget"),
            }
          : notFound(at("create", "campaign_budget"));
      }
      context.namesInRequest.add(name);
      context.budgetsInRequest.add(budgetId);
      return {
        resourceName: campaignName(budget.campaignId),
        apply: async () => {
          await kit.engine.createCampaign(tenant, PLATFORM, account.id, {
            id: budget.campaignId,
            name,
            status: status === "ENABLED" ? "enabled" : "paused",
            dailyBudgetMinor: budget.amountMicros / microsPerMinor(account),
          });
          await kit.records.remove(tenant, PLATFORM, pendingBudgetKey(budgetId));
        },
      };
    }

    const resourceName =
      kind === "remove"
        ? typeof operation.remove === "string"
          ? operation.remove
          : ""
        : String(asRecord(operation.update).resourceName ?? "");
    const id = new RegExp(`^customers/${account.id}/campaigns/(\\d+)$`).exec(resourceName)?.[1];
    const campaign = campaigns.find((candidate) => candidate.id === id);
    if (!campaign) return notFound(at(kind, "resource_name"));
    if (kind === "remove") {
      return { resourceName, apply: () => kit.engine.setCampaignStatus(tenant, PLATFORM, campaign.id, "removed") };
    }

    const update = asRecord(operation.update);
    const mask = readUpdateMask(operation.updateMask);
    if (mask.length === 0 || mask.some((path) => path !== "status" && path !== "name")) {
      return {
        errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
        message: "The sandbox updates only the campaign's status and name.",
        location: at("update_mask"),
      };
    }
    const changes: (() => Promise<unknown>)[] = [];
    if (mask.includes("status")) {
      const status = update.status;
      if (status !== "ENABLED" && status !== "PAUSED") return invalidStatus(at("update", "status"));
      changes.push(() =>
        kit.engine.setCampaignStatus(tenant, PLATFORM, campaign.id, status === "ENABLED" ? "enabled" : "paused"),
      );
    }
    if (mask.includes("name")) {
      const problem = checkCampaignName(context, update.name, campaign.id, at("update", "name"));
      if (problem) return problem;
      const name = update.name as string;
      context.namesInRequest.add(name);
      changes.push(() => kit.engine.setCampaignName(tenant, PLATFORM, campaign.id, name));
    }
    return {
      resourceName,
      apply: async () => {
        for (const change of changes) await change();
      },
    };
  }

  async function planBudgetOperation(
    context: MutateContext,
    operation: Record<string, unknown>,
    kind: "create" | "update" | "remove",
    at: (...path: string[]) => AdsFailure["location"],
  ): Promise<PlannedOperation | AdsFailure> {
    const { tenant, account, campaigns } = context;
    const budgetName = (id: string) => `customers/${account.id}/campaignBudgets/${id}`;

    if (kind === "create") {
      const create = asRecord(operation.create);
      // Google shares a new budget unless told otherwise; the sandbox keeps one budget per campaign.
      if (create.explicitlyShared !== false) {
        return {
          errorCode: { campaignBudgetError: "CAMPAIGN_BUDGET_CANNOT_BE_SHARED" },
          message: "The campaign budget cannot be shared.",
          location: at("create", "explicitly_shared"),
        };
      }
      if (create.deliveryMethod !== undefined && create.deliveryMethod !== "STANDARD") {
        return {
          errorCode: { campaignBudgetError: "CANNOT_USE_ACCELERATED_DELIVERY_MODE" },
          message: "Cannot use accelerated delivery method on this budget.",
          location: at("create", "delivery_method"),
        };
      }
      if (create.period !== undefined && create.period !== "DAILY") {
        return {
          errorCode: { campaignBudgetError: "INVALID_BUDGET_PERIOD" },
          message: "The period of the budget is not allowed.",
          location: at("create", "period"),
        };
      }
      const amount = checkBudgetMicros(account, create.amountMicros, at("create", "amount_micros"));
      if (typeof amount !== "number") return amount;
      // The campaign that will use this budget gets its id now, so the budget's id can follow from it.
      const campaignId = await kit.engine.newCampaignId(tenant, PLATFORM);
      const budgetId = budgetIdOf(campaignId);
      const pending: PendingBudget = { accountId: account.id, campaignId, amountMicros: amount };
      return {
        resourceName: budgetName(budgetId),
        apply: () => kit.records.put(tenant, PLATFORM, pendingBudgetKey(budgetId), JSON.stringify(pending)),
      };
    }

    const resourceName =
      kind === "remove"
        ? typeof operation.remove === "string"
          ? operation.remove
          : ""
        : String(asRecord(operation.update).resourceName ?? "");
    const budgetId = new RegExp(`^customers/${account.id}/campaignBudgets/(\\d+)$`).exec(resourceName)?.[1] ?? "";
    const campaign = campaigns.find((candidate) => budgetIdOf(candidate.id) === budgetId);
    const pending = campaign ? null : await readPendingBudget(tenant, account, budgetId);
    if (!campaign && !pending) return notFound(at(kind, "resource_name"));

    if (kind === "remove") {
      if (campaign && campaign.status !== "removed") {
        return {
          errorCode: { campaignBudgetError: "CAMPAIGN_BUDGET_IN_USE" },
          message:
            "The campaign budget is associated with at least one campaign, and so the campaign budget cannot be removed.",
          location: at("remove"),
        };
      }
      return { resourceName, apply: () => kit.records.remove(tenant, PLATFORM, pendingBudgetKey(budgetId)) };
    }

    const mask = readUpdateMask(operation.updateMask);
    if (mask.length !== 1 || (mask[0] !== "amount_micros" && mask[0] !== "amountMicros")) {
      return {
        errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
        message: "The sandbox updates only the budget's amount_micros.",
        location: at("update_mask"),
      };
    }
    const amount = checkBudgetMicros(account, asRecord(operation.update).amountMicros, at("update", "amount_micros"));
    if (typeof amount !== "number") return amount;
    return {
      resourceName,
      apply: async () => {
        if (campaign) {
          await kit.engine.setCampaignDailyBudget(tenant, PLATFORM, campaign.id, amount / microsPerMinor(account));
        } else if (pending) {
          const updated: PendingBudget = { ...pending, amountMicros: amount };
          await kit.records.put(tenant, PLATFORM, pendingBudgetKey(budgetId), JSON.stringify(updated));
        }
      },
    };
  }

  /** A budget created by campaignBudgets:mutate that no campaign uses yet. */
  async function readPendingBudget(
    tenant: string,
    account: SimAccount,
    budgetId: string,
  ): Promise<PendingBudget | null> {
    if (!budgetId) return null;
    const stored = await kit.records.get(tenant, PLATFORM, pendingBudgetKey(budgetId));
    if (!stored) return null;
    const budget = JSON.parse(stored) as PendingBudget;
    return budget.accountId === account.id ? budget : null;
  }

  function checkCampaignName(
    context: MutateContext,
    value: unknown,
    ownId: string | null,
    location: AdsFailure["location"],
  ): AdsFailure | null {
    if (typeof value !== "string" || !value.trim()) return requiredField(location);
    if (value.length > MAX_CAMPAIGN_NAME_LENGTH || /[\0\n\r]/.test(value)) {
      return {
        errorCode: { stringLengthError: "TOO_LONG" },
        message: `A campaign name has at most ${MAX_CAMPAIGN_NAME_LENGTH} characters on one line.`,
        location,
      };
    }
    const isDuplicate =
      context.namesInRequest.has(value) ||
      context.campaigns.some(
        (campaign) => campaign.id !== ownId && campaign.status !== "removed" && campaign.name === value,
      );
    if (isDuplicate) {
      return {
        errorCode: { campaignError: "DUPLICATE_CAMPAIGN_NAME" },
        message: "Cannot have two campaigns with the same name.",
        location,
      };
    }
    return null;
  }

  return { runMutate };
}
