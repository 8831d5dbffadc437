// bench:crash's write load, as clients send it: API PUTs with an Idempotency-Key (retried with the
// same key when the answer was lost, as a client would), budget changes and undos through the
// campaigns screen's action (a browser's fetcher with the session cookie), and backfills queued.
// Every write sets a value of its own (a name, a budget), so the sandbox can tell how often each
// one reached the platform.
import { randomUUID } from "node:crypto";

export interface ApiWrite {
  key: string;
  campaignId: string;
  name: string;
  /** Answered 2xx. */
  acknowledged: boolean;
  /** Refused (4xx other than "still running"): never applied, nothing to check. */
  refused: boolean;
  attempts: number;
}

export interface UiWrite {
  campaignId: string;
  amountMinor: number;
  acknowledged: boolean;
  changeId: string | null;
  /** The budget it replaced (what an undo puts back). */
  beforeMinor: number | null;
}

export interface UiUndo {
  of: UiWrite;
  acknowledged: boolean;
  changeId: string | null;
}

export interface Ledger {
  apiWrites: ApiWrite[];
  uiWrites: UiWrite[];
  undos: UiUndo[];
  backfillsQueued: number;
  /** How many sends each value may have at the platform: one per request (or undo) that sets it. */
  allowedSends: Map<string, number>;
}

export function newLedger(): Ledger {
  return { apiWrites: [], uiWrites: [], undos: [], backfillsQueued: 0, allowedSends: new Map() };
}

/** What identifies a write's mutation at the sandbox (its body carries it). */
export const nameToken = (name: string) => JSON.stringify(name);
// Budgets are six digits of minor units, so no other budget's micros start with the same digits.
export const budgetToken = (amountMinor: number) => `"amountMicros":"${amountMinor}`;

const allow = (ledger: Ledger, token: string) =>
  ledger.allowedSends.set(token, (ledger.allowedSends.get(token) ?? 0) + 1);

export interface WorkloadOptions {
  baseUrl: string;
  apiKey: string;
  cookie: string;
  campaignIds: string[];
  /** The campaigns screen's action (needs the real build, not a stub). */
  withUiActions: boolean;
  queueBackfill(): Promise<boolean>;
  random: () => number;
  apiWorkers?: number;
  uiWorkers?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startWorkload(ledger: Ledger, options: WorkloadOptions) {
  let isRunning = true;
  let sequence = 0;
  const { random } = options;
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  // Unanswered writes and when to try each again: soon after a lost answer, later while the key is
  // still held by the request that died (its lease runs out after two minutes).
  const retries: Array<{ write: ApiWrite; at: number }> = [];
  const retryLater = (write: ApiWrite, delayMs: number) => retries.push({ write, at: Date.now() + delayMs });
  const nextDue = () => {
    const index = retries.findIndex((retry) => retry.at <= Date.now());
    return index === -1 ? undefined : retries.splice(index, 1)[0]!.write;
  };

  async function sendApiWrite(write: ApiWrite): Promise<void> {
    write.attempts++;
    try {
      const response = await fetch(`${options.baseUrl}/api/v1/campaigns/${write.campaignId}`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          "content-type": "application/json",
          "idempotency-key": write.key,
        },
        body: JSON.stringify({ name: write.name }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (response.ok) write.acknowledged = true;
      else if (text.includes("idempotency_key_in_use")) retryLater(write, 5_000);
      else if (response.status >= 500) retryLater(write, 200);
      else write.refused = true;
    } catch {
      // The answer was lost (the server died): the client retries with the same key.
      retryLater(write, 200);
      await sleep(20);
    }
  }

  async function apiWorker() {
    while (isRunning) {
      const due = nextDue();
      if (due) {
        await sendApiWrite(due);
        continue;
      }
      const name = `crash-${++sequence}-${randomUUID().slice(0, 8)}`;
      const write: ApiWrite = {
        key: randomUUID(),
        campaignId: pick(options.campaignIds),
        name,
        acknowledged: false,
        refused: false,
        attempts: 0,
      };
      ledger.apiWrites.push(write);
      allow(ledger, nameToken(name));
      await sendApiWrite(write);
    }
  }

  async function campaignAction(body: unknown): Promise<Record<string, unknown> | null> {
    try {
      const response = await fetch(`${options.baseUrl}/campaigns/mes-ads.data`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.baseUrl, cookie: options.cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (!response.ok) return null;
      const answer = decodeActionAnswer(text) as { data?: Record<string, unknown> } | null;
      return answer?.data ?? null;
    } catch {
      await sleep(20);
      return null;
    }
  }

  async function uiWorker() {
    while (isRunning) {
      const undoable = ledger.uiWrites.filter((write) => write.acknowledged && write.beforeMinor !== null);
      if (undoable.length > 0 && random() < 0.25) {
        const of = pick(undoable);
        if (ledger.undos.some((undo) => undo.of === of)) continue;
        const undo: UiUndo = { of, acknowledged: false, changeId: null };
        ledger.undos.push(undo);
        allow(ledger, budgetToken(of.beforeMinor!));
        const answer = await campaignAction({ intent: "undo", changeId: of.changeId });
        const result = answer?.result as { outcome?: string; changeId?: string } | undefined;
        if (answer?.ok === true && result?.outcome === "succeeded") {
          undo.acknowledged = true;
          undo.changeId = result.changeId ?? null;
        }
        continue;
      }
      const amountMinor = 100_000 + ++sequence * 7;
      const write: UiWrite = {
        campaignId: pick(options.campaignIds),
        amountMinor,
        acknowledged: false,
        changeId: null,
        beforeMinor: null,
      };
      ledger.uiWrites.push(write);
      allow(ledger, budgetToken(amountMinor));
      const answer = await campaignAction({
        intent: "apply",
        change: { action: "set_budget", budget: { kind: "absolute", amountMinor } },
        ids: [write.campaignId],
        batchId: randomUUID(),
      });
      const item = (answer?.result as { results?: Array<Record<string, unknown>> } | undefined)?.results?.[0];
      if (answer?.ok === true && item?.outcome === "succeeded") {
        write.acknowledged = true;
        write.changeId = String(item.changeId);
        const before = (item.before as { dailyBudgetMinor?: number } | undefined)?.dailyBudgetMinor;
        write.beforeMinor = typeof before === "number" && before >= 100_000 && before < 1_000_000 ? before : null;
      } else await sleep(50);
    }
  }

  async function syncWorker() {
    while (isRunning) {
      if (await options.queueBackfill().catch(() => false)) ledger.backfillsQueued++;
      await sleep(500);
    }
  }

  const workers = [
    ...Array.from({ length: options.apiWorkers ?? 3 }, apiWorker),
    ...(options.withUiActions ? Array.from({ length: options.uiWorkers ?? 2 }, uiWorker) : []),
    syncWorker(),
  ];
  return {
    /** Stops new writes, then retries the unanswered ones with their keys until `drainMs` is over. */
    async stop(drainMs: number) {
      isRunning = false;
      await Promise.all(workers);
      const deadline = Date.now() + drainMs;
      while (retries.length > 0 && Date.now() < deadline) {
        const write = nextDue();
        if (write) await sendApiWrite(write);
        else await sleep(100);
      }
      return { unanswered: retries.length };
    },
  };
}

/**
 * A React Router action's answer (turbo-stream's flat form: values by index, object keys as
 * "_<index of the key>"), read back into plain values.
 */
export function decodeActionAnswer(text: string): unknown {
  const flat = JSON.parse(text) as unknown[];
  const hydrate = (index: number): unknown => {
    if (index < 0) return index === -7 ? null : undefined;
    const value = flat[index];
    if (Array.isArray(value)) return value.map((item) => hydrate(item as number));
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [String(flat[Number(key.slice(1))]), hydrate(item as number)]),
      );
    return value;
  };
  return hydrate(0);
}
