/** The structured logger core writes to (pino's interface); adapters/logger.ts makes it. */
export type { Logger } from "pino";
