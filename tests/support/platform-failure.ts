import { PlatformError } from "#core/shared/connector-port.ts";

/**
 * The PlatformError a connector call fails with, for a contract test to check its kind and words.
 * A call that succeeds, or fails with anything else, fails the test.
 */
export async function failureOf(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error("Expected a PlatformError, but the call succeeded.");
}
