import { appContext } from "../../lib/app-context.ts";
import { PUBLIC_PAGE_PATHS } from "../../lib/route-paths.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { APP_URL } = context.get(appContext).publicEnv;
  const urls = PUBLIC_PAGE_PATHS.map((path) => `  <url><loc>${APP_URL}${path === "/" ? "/" : path}</loc></url>`).join(
    "\n",
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
