/** Only same-site paths: an open redirect would let a link send people elsewhere after sign-in. */
export function safeRedirectTarget(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
