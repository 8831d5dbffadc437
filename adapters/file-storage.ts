import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "#core/ports/file-storage.ts";

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

function assertSafeKey(key: string) {
  // Keys come from our code, but a bad one must never escape the storage root.
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * A folder only the service account can enter (0700), made with any missing parents (also 0700).
 * An existing folder is tightened too: older versions made DATA_DIR and its folders 0755.
 */
export async function ensurePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
}

/** Files under DATA_DIR/uploads (0600 in 0700 folders); the content type sits beside each file. */
export function createLocalFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, file) {
      const target = pathOf(key);
      await ensurePrivateDirectory(root);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Write then rename, so a reader never sees half a file; new files only, so the mode applies.
      const temporary = `${target}.${process.pid}.tmp`;
      const temporaryType = `${target}.type.${process.pid}.tmp`;
      await writeFile(temporary, file.bytes, { mode: 0o600 });
      await writeFile(temporaryType, file.contentType, { mode: 0o600 });
      await rename(temporaryType, `${target}.type`);
      await rename(temporary, target);
    },
    async get(key) {
      const target = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(target), readFile(`${target}.type`, "utf8")]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const target = pathOf(key);
      await Promise.all([rm(target, { force: true }), rm(`${target}.type`, { force: true })]);
    },
  };
}
