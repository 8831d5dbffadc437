/** How a change's outcome reads to the person who asked for it, and what a use case throws on a refusal. */
import { findListing } from "#core/connections/platform-catalog.ts";
import { AppError } from "#core/errors/app-error.ts";
import { PlatformError } from "#core/shared/connector-port.ts";

/** The platform's name as people know it ("Google Ads"). */
export function platformName(platform: string): string {
  return findListing(platform)?.name ?? platform;
}

/** A failure in words for the person who asked: the platform's own message, naming the platform, when it gave one. */
export function describeFailure(error: unknown): string {
  if (error instanceof PlatformError) return `${platformName(error.platform)}: ${error.message}`;
  if (error instanceof AppError) return error.message;
  return "An unexpected error stopped this change. Try again.";
}

/** What a use case throws when a push failed: a platform's refusal is a conflict; anything else goes up as it is. */
export function toRefusal(error: unknown): unknown {
  if (error instanceof PlatformError)
    return new AppError("conflict", `The platform refused the change: ${error.message}`);
  return error;
}
