/**
 * The rules' scheduler and their jobs. Every node ticks once a minute: each due slot of a preview or
 * active rule is claimed once (rule_runs is unique per rule and slot) and queued; the job runs it as
 * Adhelm acting for the rule's organization. Missed slots (the server was down) are not made up: the
 * next slot is the first one after now. While an organization has paused all automation, or billing
 * has made it read-only, its slots pass without a run.
 */
import { systemActor } from "#core/access/actor.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import { nextSlotAfter } from "./rule-schedule.ts";
import type { RulesRepository } from "./rules-repository.ts";
import { executeRuleRun, type RunRuleDependencies } from "./run-rule.ts";

export const RULES_QUEUE = "rules.run";
const DUE_PER_TICK = 500;
/** A run's platform failures are retried inside it; a crash or an outage reruns the job, which resumes. */
const RULE_JOB_ATTEMPTS = 5;

export const SCHEDULER_LABEL = "Schedule";

export function createRuleScheduler(deps: {
  rules: RulesRepository;
  jobs: JobQueue;
  timeZoneOf: (organizationId: string) => Promise<string>;
  /** Whether billing made the organization read-only: its rules then stop acting (the Terms' §7). */
  isReadOnly?: (organizationId: string) => Promise<boolean>;
  now?: () => Date;
}) {
  return {
    /** Claims and queues every due slot; returns how many runs were queued by this node. */
    async queueDueRules(): Promise<number> {
      const now = deps.now?.() ?? new Date();
      const due = await deps.rules.listDue(now, DUE_PER_TICK);
      let queued = 0;
      const paused = new Map<string, boolean>();
      for (const rule of due) {
        const timeZone = await deps.timeZoneOf(rule.organizationId);
        const nextRunAt = nextSlotAfter(rule.definition.schedule, now, timeZone);
        if (!paused.has(rule.organizationId))
          paused.set(
            rule.organizationId,
            (await deps.rules.getAutomationSettings(rule.organizationId)).paused ||
              ((await deps.isReadOnly?.(rule.organizationId)) ?? false),
          );
        if (paused.get(rule.organizationId)) {
          await deps.rules.skipSlot(rule, nextRunAt);
          continue;
        }
        const runId = await deps.rules.claimSlot(rule, {
          slot: rule.nextRunAt,
          mode: rule.status === "active" ? "live" : "preview",
          actorLabel: SCHEDULER_LABEL,
          nextRunAt,
        });
        if (!runId) continue;
        await deps.jobs.enqueue(
          RULES_QUEUE,
          { runId, organizationId: rule.organizationId },
          { singletonKey: runId, maxAttempts: RULE_JOB_ATTEMPTS },
        );
        queued += 1;
      }
      return queued;
    },
  };
}

/** Works a claimed run (again after a crash: it resumes from the campaigns it stored). */
export async function workRuleRun(deps: RunRuleDependencies, runId: string): Promise<void> {
  const run = await deps.rules.findRunForJob(runId);
  // Gone with its rule, or already finished by an earlier attempt.
  if (!run || run.status === "succeeded" || run.status === "partial" || run.status === "skipped") return;
  const actor = systemActor(run.organizationId, { id: run.ruleId, label: SCHEDULER_LABEL });
  const rule = await deps.rules.find(actor.organizationId, run.ruleId);
  if (!rule) return;
  await executeRuleRun(deps, { organizationId: run.organizationId, rule, runId, mode: run.mode });
}

export function registerRuleJobs(jobs: JobQueue, work: (runId: string) => Promise<void>): void {
  jobs.work(RULES_QUEUE, async (payload) => work(String(payload.runId)), { concurrency: 2 });
}
