import { AppError } from "#core/errors/app-error.ts";

/** The AppError a use case refused with; fails the test when it resolved or threw anything else. */
export async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}
