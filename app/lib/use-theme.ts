import { useCallback, useEffect, useState } from "react";
import { applyTheme, readStoredTheme, type Theme } from "./theme.ts";

/**
 * The stored theme, once mounted. Before mount it reports "system": the server cannot know
 * what localStorage holds, and the spec shows "system" until then.
 */
export function useTheme() {
  const [theme, setThemeState] = useState<Theme>("system");
  const [isMounted, setIsMounted] = useState(false);

  useEffect(() => {
    setThemeState(readStoredTheme());
    setIsMounted(true);
    const onChange = (event: Event) => setThemeState((event as CustomEvent<Theme>).detail);
    // A system theme follows the operating system while the page is open.
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onSystemChange = () => {
      if (readStoredTheme() === "system") applyTheme("system");
    };
    window.addEventListener("adhelm:theme", onChange);
    media.addEventListener("change", onSystemChange);
    return () => {
      window.removeEventListener("adhelm:theme", onChange);
      media.removeEventListener("change", onSystemChange);
    };
  }, []);

  const setTheme = useCallback((next: Theme) => applyTheme(next), []);
  return { theme, setTheme, isMounted };
}
