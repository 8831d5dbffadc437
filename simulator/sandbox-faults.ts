import type { PlatformId } from "./lib/platform-ids.ts";
import type { SandboxFaults } from "./sandbox-kit.ts";
import type { SandboxFault, SandboxStateRepository } from "./sandbox-state-repository.ts";

export interface SandboxFaultsOptions {
  state: SandboxStateRepository;
  /** Numbers in [0, 1) that decide whether a fault with a probability hits; seeded by default. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Injects the faults a test or the CLI set: a slow answer, throttling or a server error. The
 * fault list is read from the database on every call (one indexed read of a tiny table), so a
 * fault set through the admin API or the CLI applies to the very next call in any process.
 */
export function createSandboxFaults(options: SandboxFaultsOptions): SandboxFaults {
  const { state } = options;
  // A fixed seed: the same test run hits the same calls every time.
  const random = options.random ?? createSeededRandom(0x5eed_fa17);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function hits(fault: SandboxFault): Promise<boolean> {
    if (fault.probability < 1 && random() >= fault.probability) return false;
    // A limited fault hits only while it has hits left; the database decides who gets the last one.
    return fault.remaining === null || (await state.takeFaultHit(fault.id));
  }

  return {
    async take({ tenant, platform }) {
      const faults = (await state.listFaults()).filter((fault) => isFor(fault, tenant, platform));
      for (const fault of faults) {
        if (fault.kind === "slow" && (await hits(fault))) await sleep(fault.delayMs);
      }
      for (const fault of faults) {
        if ((fault.kind === "throttle" || fault.kind === "server_error") && (await hits(fault))) return fault.kind;
      }
      return null;
    },
  };
}

function isFor(fault: SandboxFault, tenant: string, platform: PlatformId): boolean {
  return (fault.tenant === null || fault.tenant === tenant) && (fault.platform === null || fault.platform === platform);
}

/** mulberry32. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
