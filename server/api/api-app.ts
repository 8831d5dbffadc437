import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "#core/errors/app-error.ts";
import type { ApiEnv } from "./api-env.ts";
import { describeValidationError } from "./api-errors.ts";

export const API_BASE_PATH = "/api/v1";

/** The API's Hono app: routes under /api/v1, and a field that fails its schema is a 422 that names it. */
export function createApiApp() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError("unprocessable_entity", describeValidationError(result.error));
    },
  }).basePath(API_BASE_PATH);
}

export type ApiApp = ReturnType<typeof createApiApp>;
