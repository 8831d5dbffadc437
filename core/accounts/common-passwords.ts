/**
 * The 10,000 most common passwords (ASVS 6.2), refused on sign-up and reset. Server only: the list
 * is large, so the shared form schemas do not carry it, and the forms show the server's message.
 */
export const COMMON_PASSWORD_COUNT = 10_000;
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another one.";

let loading: Promise<Set<string>> | undefined;

/** Loaded on first use, not at start: the package decompresses ~50,000 words. */
function commonPasswords(): Promise<Set<string>> {
  loading ??= import("@zxcvbn-ts/language-common").then(
    // A ranked list, most common first; every entry is lower case.
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return loading;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
