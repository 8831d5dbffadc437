import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "#core/accounts/profile-schema.ts";
import { checkAvatarFile } from "./avatar-file.ts";

describe("checkAvatarFile", () => {
  it("lets JPEG, PNG, GIF and WebP images up to 5 MB through", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/webp"])
      expect(checkAvatarFile({ type, size: AVATAR_MAX_BYTES }), type).toBeNull();
  });

  it("refuses other types, SVG included, as not an image file", () => {
    for (const type of ["text/plain", "text/html", "image/svg+xml", ""])
      expect(checkAvatarFile({ type, size: 10 }), type).toEqual({
        title: "Invalid file type",
        description: "Please upload an image file.",
      });
  });

  it("refuses an image over 5 MB", () => {
    expect(checkAvatarFile({ type: "image/png", size: AVATAR_MAX_BYTES + 1 })).toEqual({
      title: "File too large",
      description: "Please upload an image smaller than 5MB.",
    });
  });
});
