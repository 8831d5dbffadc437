/**
 * A one-time toast carried across a full page load (sign-out ends with a full redirect to /).
 * The root loader reads it and clears it in the same answer.
 */
export interface Flash {
  kind: "success" | "error";
  title: string;
  description?: string;
}

const FLASH_COOKIE = "adhelm.flash";

export function setFlashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(flash))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { flash: Flash; clearCookie: string } | null {
  const match = request.headers
    .get("cookie")
    ?.match(new RegExp(`(?:^|;\\s*)${FLASH_COOKIE.replace(".", "\\.")}=([^;]*)`));
  if (!match?.[1]) return null;
  try {
    const flash = JSON.parse(decodeURIComponent(match[1])) as Flash;
    if (typeof flash.title !== "string") return null;
    return { flash, clearCookie: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
  } catch {
    return null;
  }
}
