import { redirect } from "react-router";
import { PERMANENT_REDIRECTS } from "#app/lib/route-paths.ts";
import type { Route } from "./+types/permanent-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = PERMANENT_REDIRECTS[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(`${target}${url.search}`, 301);
}
