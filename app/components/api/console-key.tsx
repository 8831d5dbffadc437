import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

/** This tab's key for the reference's consoles; sessionStorage, so it leaves with the tab. */
const STORAGE_KEY = "adhelm.api-reference.key";

interface ConsoleKey {
  apiKey: string;
  setApiKey(value: string): void;
}

const ConsoleKeyContext = createContext<ConsoleKey | null>(null);

/** One key for every console on the page: pasted once, used by all. */
export function ConsoleKeyProvider({ children }: { children: ReactNode }) {
  const [apiKey, setKey] = useState("");
  useEffect(() => {
    setKey(window.sessionStorage.getItem(STORAGE_KEY) ?? "");
  }, []);
  const setApiKey = useCallback((value: string) => {
    const key = value.trim();
    setKey(key);
    if (key) window.sessionStorage.setItem(STORAGE_KEY, key);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  }, []);
  const value = useMemo(() => ({ apiKey, setApiKey }), [apiKey, setApiKey]);
  return <ConsoleKeyContext.Provider value={value}>{children}</ConsoleKeyContext.Provider>;
}

export function useConsoleKey(): ConsoleKey {
  const value = useContext(ConsoleKeyContext);
  if (!value) throw new Error("useConsoleKey needs a ConsoleKeyProvider");
  return value;
}
