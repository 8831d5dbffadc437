import { beforeAll, describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { AVATAR_MAX_BYTES } from "#core/accounts/profile-schema.ts";
import { checkAvatarFile } from "./avatar-file.ts";

const english = (key: string) => i18nFor("en")?.t(key, { ns: "account" });

beforeAll(async () => {
  await loadResources("en");
});

describe("checkAvatarFile", () => {
  it("lets JPEG, PNG, GIF and WebP images up to 5 MB through", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/webp"])
      expect(checkAvatarFile({ type, size: AVATAR_MAX_BYTES }), type).toBeNull();
  });

  it("refuses other types, SVG included, as not an image file", () => {
    for (const type of ["text/plain", "text/html", "image/svg+xml", ""]) {
      const problem = checkAvatarFile({ type, size: 10 });
      expect(problem, type).not.toBeNull();
      expect(english(problem?.title ?? ""), type).toBe("Invalid file type");
      expect(english(problem?.description ?? ""), type).toBe("Please upload an image file.");
    }
  });

  it("refuses an image over 5 MB", () => {
    const problem = checkAvatarFile({ type: "image/png", size: AVATAR_MAX_BYTES + 1 });
    expect(english(problem?.title ?? "")).toBe("File too large");
    expect(english(problem?.description ?? "")).toBe("Please upload an image smaller than 5MB.");
  });
});
