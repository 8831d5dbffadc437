import { existsSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** What the server itself loads from source: whole folders, and the few app files it imports. */
const SHARED_FOLDERS = ["core", "connectors", "adapters", "server", "simulator"];
const SHARED_APP_FILES = ["app/lib/app-context.ts"];

/**
 * One copy of core per process. The server (server/main.ts, scripts/dev.ts) loads core, connectors,
 * adapters, its own code and app/lib/app-context.ts from source; the pages' server build imports
 * those modules rather than bundling a second copy, so both share one module instance: one AppError
 * class, one context key, one copy of every module-level cache.
 * - `react-router build`: each such import stays `import … from "#core/….ts"` in
 *   build/server/index.js, and Node resolves it through package.json's "imports" to the source
 *   file the server already loaded (so the build stays inside the project, as its packages need).
 * - `npm run dev`: Vite's module runner imports the same files natively (by file URL, listed as
 *   the environment's builtins) instead of evaluating its own copies.
 * The browser build is untouched: the client bundles what it uses of core.
 */
function sharedWithServer(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  const sharedPath = (file: string): string | null => {
    const relative = path.relative(root, file).split(path.sep).join("/");
    if (!relative.endsWith(".ts") || relative.startsWith("../")) return null;
    const isShared = SHARED_FOLDERS.includes(relative.split("/")[0] ?? "") || SHARED_APP_FILES.includes(relative);
    return isShared ? relative : null;
  };
  return {
    name: "adhelm:shared-with-server",
    enforce: "pre",
    config(config, env) {
      root = path.resolve(config.root ?? process.cwd());
      command = env.command;
      for (const file of SHARED_APP_FILES) {
        if (!existsSync(path.join(root, file))) throw new Error(`vite.config.ts: ${file} no longer exists`);
      }
    },
    configEnvironment(name, config) {
      const consumer = config.consumer ?? (name === "client" ? "client" : "server");
      if (command !== "serve" || consumer !== "server") return;
      const projectUrl = pathToFileURL(root).href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const folders = SHARED_FOLDERS.join("|");
      const files = SHARED_APP_FILES.map((file) => file.replace(/[.]/g, "\\.")).join("|");
      return {
        resolve: {
          // Vite's own list for a server environment (Node's modules), plus our shared source files.
          builtins: [
            ...builtinModules.filter((id) => !id.includes(":")),
            /^node:/,
            new RegExp(`^${projectUrl}/(?:(?:${folders})/.*\\.ts|${files})$`),
          ],
        },
      };
    },
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    async resolveId(source, importer, options) {
      if (!importer || !(source.startsWith("#") || source.startsWith(".")) || source.includes("?")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const shared = sharedPath(resolved.id);
      if (!shared) return resolved;
      return command === "build"
        ? { id: `#${shared}`, external: true }
        : { id: pathToFileURL(resolved.id).href, external: true };
    },
  };
}

/**
 * `CHUNK_REPORT=1 npm run build`: writes client/.vite/chunks.json (each browser chunk's modules and
 * their rendered sizes) for bench/route-js.ts to say which library a page's JavaScript comes from.
 */
function chunkReport(): Plugin {
  return {
    name: "adhelm:chunk-report",
    applyToEnvironment: (environment) => environment.name === "client" && process.env.CHUNK_REPORT === "1",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                file: output.fileName,
                modules: Object.fromEntries(
                  Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
                ),
              },
            ]
          : [],
      );
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  plugins: [sharedWithServer(), tailwindcss(), reactRouter(), chunkReport()],
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React DOM and React Router are on every page: one chunk, one request, rather
            // than a handful (each request costs its headers and a round trip).
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
            },
          },
        },
      },
    },
  },
});
