/**
 * The browser, system and kind of device a User-Agent names, for the sessions list ("Firefox on
 * Windows"). A few ordered patterns cover the browsers people use; anything else reads as unknown.
 * The order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */

export interface DeviceDescription {
  /** "Chrome", "Firefox", "Safari", "Edge", "Opera", "Samsung Internet"; null when unknown. */
  browser: string | null;
  /** "Windows", "macOS", "iOS", "iPadOS", "Android", "ChromeOS", "Linux"; null when unknown. */
  os: string | null;
  device: "desktop" | "mobile" | "tablet";
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const device =
    os === "iPadOS" || (os === "Android" && !/\bMobile\b/.test(text))
      ? "tablet"
      : os === "iOS" || os === "Android" || /\bMobile\b/.test(text)
        ? "mobile"
        : "desktop";
  return { browser, os, device };
}
