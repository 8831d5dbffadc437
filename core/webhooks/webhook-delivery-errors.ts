/**
 * A failed attempt in our words, for the delivery log: never the endpoint's body or a low-level
 * error text. The outbound guard's errors carry a `kind` (adapters/outbound-http.ts).
 */
export const DELIVERY_ERRORS = {
  timeout: "The endpoint did not answer within 10 seconds.",
  unreachable: "The endpoint could not be reached.",
  hostNotFound: "The endpoint's host name could not be found.",
  blockedAddress: "The address is on a private or reserved network, which Adhelm does not call.",
  blockedScheme: "The address must start with https://.",
  tooManyRedirects: "The endpoint redirected too many times.",
  tooLarge: "The endpoint's answer was too large.",
  invalidUrl: "The address is not a valid web address.",
  disabled: "The endpoint was disabled before this event was sent.",
  secretUnreadable: "The endpoint's secret could not be read. Rotate the secret to send again.",
} as const;

export function describeDeliveryError(error: unknown): string {
  const kind = typeof error === "object" && error !== null && "kind" in error ? String(error.kind) : "";
  const message = error instanceof Error ? error.message : "";
  switch (kind) {
    case "timeout":
      return DELIVERY_ERRORS.timeout;
    case "unreachable":
      return /host name/i.test(message) ? DELIVERY_ERRORS.hostNotFound : DELIVERY_ERRORS.unreachable;
    case "blocked_address":
      return DELIVERY_ERRORS.blockedAddress;
    case "blocked_scheme":
      return DELIVERY_ERRORS.blockedScheme;
    case "too_many_redirects":
      return DELIVERY_ERRORS.tooManyRedirects;
    case "too_large":
      return DELIVERY_ERRORS.tooLarge;
    case "invalid_url":
      return DELIVERY_ERRORS.invalidUrl;
    default:
      return error instanceof Error && error.name === "TimeoutError"
        ? DELIVERY_ERRORS.timeout
        : DELIVERY_ERRORS.unreachable;
  }
}
