/**
 * What time it is for advertising data. It is the wall clock, except that the built-in sandbox's
 * clock can be moved ahead for demos and tests (`npm run sandbox -- clock advance 3`); with the
 * sandbox on, sync windows and the dashboard follow it, so moved days show up in the product.
 */
export interface AdsClock {
  now(): Promise<Date>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createAdsClock(options: { offsetDays?: () => Promise<number>; now?: () => Date } = {}): AdsClock {
  const wallClock = options.now ?? (() => new Date());
  return {
    async now() {
      const offset = options.offsetDays ? await options.offsetDays() : 0;
      return new Date(wallClock().getTime() + offset * DAY_MS);
    },
  };
}
