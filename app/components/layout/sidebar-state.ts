/** Constants of the spec's sidebar (§9). */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const MOBILE_BREAKPOINT_PX = 768;

/** Reads the expanded/collapsed state from a Cookie header; expanded unless the cookie says otherwise. */
export function isSidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE_NAME}=([^;]*)`));
  return match?.[1] !== "false";
}

export function sidebarCookie(isOpen: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${isOpen}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
