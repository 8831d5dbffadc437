import { data, type RouterContextProvider } from "react-router";
import { logMissingPage } from "#app/routes/not-found.tsx";
import { AppError } from "#core/errors/app-error.ts";

/** Runs a read; a rule or run that is not the organization's (or is gone) becomes the 404 page. */
export async function orNotFound<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      logMissingPage(request, context);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
