import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from "#core/accounts/profile-schema.ts";

const ACCEPTED_TYPES = AVATAR_ACCEPT.split(",");

/** Catalog keys of the "account" namespace. */
export interface AvatarFileProblem {
  title: string;
  description: string;
}

/**
 * Why a chosen file will not be sent, or null when it may go. Only the browser's view of the file
 * (its type and size): the server checks the bytes themselves again.
 */
export function checkAvatarFile(file: Pick<File, "type" | "size">): AvatarFileProblem | null {
  if (!ACCEPTED_TYPES.includes(file.type))
    return { title: "avatar.errors.invalidType.title", description: "avatar.errors.invalidType.description" };
  if (file.size > AVATAR_MAX_BYTES)
    return { title: "avatar.errors.tooLarge.title", description: "avatar.errors.tooLarge.description" };
  return null;
}
