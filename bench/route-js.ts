// npm run bench:route-js [path…]: the JavaScript a page's first load downloads, from the production
// build's React Router manifest (the entry, then every matched route's module and its static
// imports), gzip-compressed as the server sends it. Lists the biggest chunks of each page, so a
// library that should not be there shows. Reads BUILD_DIR (default build/); builds when stale.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

interface RouteChunk {
  file: string;
  gzipBytes: number;
}

/** The browser manifest React Router writes beside the client assets. */
function readClientManifest(buildDir: string = BUILD_DIR): Manifest {
  const assets = path.join(buildDir, "client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  children: TreeRoute[];
}

function routeTree(manifest: Manifest): TreeRoute[] {
  const nodes = new Map<string, TreeRoute>();
  for (const route of Object.values(manifest.routes)) {
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
  }
  const roots: TreeRoute[] = [];
  for (const route of Object.values(manifest.routes)) {
    const node = nodes.get(route.id) as TreeRoute;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

const gzipSizes = new Map<string, number>();
function gzipSize(buildDir: string, file: string): number {
  const known = gzipSizes.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(path.join(buildDir, "client", file)), { level: 6 }).length;
  gzipSizes.set(file, size);
  return size;
}

/** The chunks a first load of `pathname` downloads (modulepreloads and the route modules), largest first. */
export function routeChunks(pathname: string, buildDir: string = BUILD_DIR): RouteChunk[] {
  const manifest = readClientManifest(buildDir);
  const matches = matchRoutes(routeTree(manifest) as unknown as RouteObject[], pathname) ?? [];
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.route.id ?? ""];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files]
    .map((file) => ({ file, gzipBytes: gzipSize(buildDir, file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

if (import.meta.main) {
  buildIfStale(() => {});
  const pages = process.argv.slice(2);
  for (const page of pages.length > 0 ? pages : ["/", "/login", "/dashboard", "/campaigns/mes-ads"]) {
    const chunks = routeChunks(page);
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    console.log(`${page}: ${(total / 1024).toFixed(1)} KB gz in ${chunks.length} chunks`);
    for (const chunk of chunks.slice(0, Number(process.env.TOP ?? 8))) {
      console.log(`  ${(chunk.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${chunk.file}`);
    }
  }
}
