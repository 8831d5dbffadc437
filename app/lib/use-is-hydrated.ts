import { useEffect, useState } from "react";

/**
 * False in the server render and until React has hydrated. Submit controls stay disabled until
 * then: before hydration a click would send a plain form instead of the validated submission.
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
