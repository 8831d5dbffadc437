import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Everything the production build is made from. */
const BUILD_INPUTS = [
  "app",
  "core",
  "content",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];
/** Where the build goes: `build/`, or BUILD_DIR for a run that must not share it. */
export const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD_OUTPUT = path.join(BUILD_DIR, "server/index.js");

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

export function isBuildStale(): boolean {
  if (!existsSync(BUILD_OUTPUT)) return true;
  const builtAt = statSync(BUILD_OUTPUT).mtimeMs;
  return BUILD_INPUTS.some((input) => newestModification(input) > builtAt);
}

/** Builds the app with React Router's CLI when the build is missing or older than its sources. */
export function buildIfStale(log: (message: string) => void = console.log): void {
  if (!isBuildStale()) return;
  log("Building Adhelm (the build is missing or older than the sources)...");
  const result = spawnSync(path.resolve("node_modules/.bin/react-router"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`Build failed with exit code ${result.status}`);
}
