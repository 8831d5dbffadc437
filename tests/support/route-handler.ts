import { createStaticHandler, isRouteErrorResponse, type LoaderFunctionArgs } from "react-router";
import type { PageHandler } from "#server/app.ts";

type RouteFunction = (args: LoaderFunctionArgs) => unknown;

export interface TestRoute {
  path: string;
  module: { loader?: unknown; action?: unknown };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/**
 * A page handler for in-process HTTP tests that runs route modules' loaders and actions (no
 * rendering): a plain answer as JSON, data() with its status and headers, a Response as is.
 * Like React Router, a ".data" URL reaches the same route (a fetcher's request).
 */
export function createRouteHandler(routes: TestRoute[]): PageHandler {
  const handler = createStaticHandler(
    routes.map(({ path, module }, index) => ({
      id: `route-${index}`,
      path,
      loader: module.loader as RouteFunction | undefined,
      action: module.action as RouteFunction | undefined,
    })),
  );
  return async (request, context) => {
    try {
      const result = await handler.queryRoute(request, {
        requestContext: context,
        normalizePath: (raw) => {
          const url = new URL(raw.url);
          return { pathname: url.pathname.replace(/\.data$/, ""), search: url.search, hash: "" };
        },
      });
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isRouteErrorResponse(error)) return new Response(String(error.data), { status: error.status });
      throw error;
    }
  };
}
