import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "#core/ports/file-storage.ts";

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Keys come from our code, but a bad one must never escape the storage root (nor a bucket's prefix). */
export function assertSafeKey(key: string) {
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
  const prepare = async (key: string) => {
    const target = pathOf(key);
    await ensurePrivateDirectory(root);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    return target;
  };
  /** The content type beside the file, written then renamed like the file itself. */
  const writeType = async (target: string, contentType: string, suffix: string) => {
    const temporaryType = `${target}.type.${suffix}.tmp`;
    await writeFile(temporaryType, contentType, { mode: 0o600 });
    await rename(temporaryType, `${target}.type`);
  };
  return {
    async put(key, file) {
      const target = await prepare(key);
      // Write then rename, so a reader never sees half a file; new files only, so the mode applies.
      const suffix = `${process.pid}.${randomUUID()}`;
      const temporary = `${target}.${suffix}.tmp`;
      try {
        await writeFile(temporary, file.bytes, { mode: 0o600 });
        await writeType(target, file.contentType, suffix);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
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
    async putStream(key, body: Readable, contentType) {
      const target = await prepare(key);
      // Streamed to a temporary file beside the target, then renamed: memory holds one chunk at a
      // time, and a failed or aborted upload leaves nothing under the key.
      const suffix = `${process.pid}.${randomUUID()}`;
      const temporary = `${target}.${suffix}.tmp`;
      try {
        await pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: "wx" }));
        await writeType(target, contentType, suffix);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async getStream(key) {
      const target = pathOf(key);
      try {
        // Opened first: the stream reads the file that was there, even if a put renames a new one in.
        const handle = await open(target, "r");
        try {
          const [{ size }, contentType] = await Promise.all([handle.stat(), readFile(`${target}.type`, "utf8")]);
          return { body: handle.createReadStream(), contentType, size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
