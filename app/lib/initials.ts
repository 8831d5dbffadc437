/** "Ada Lovelace" → "AL": the avatar fallback. */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((part) => part[0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase() || "A"
  );
}
