import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error fails the test: errors must be handled, not printed.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const printed = errors.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error during the test:\n${printed}`);
  }
});
