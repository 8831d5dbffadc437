import { spawn } from "node:child_process";
import { THUMBNAIL_WIDTH } from "./upload-limits.ts";

/** What making a poster frame came to: a JPEG written, the video refused by the tool, or no tool. */
export type PosterOutcome = "made" | "broken" | "unavailable";

/** Makes a poster frame of the video at `source` into `target` (a JPEG). */
export type PosterMaker = (source: string, target: string) => Promise<PosterOutcome>;

const POSTER_TIMEOUT_MS = 30_000;

async function ffmpegPath(): Promise<string | null> {
  try {
    // The prebuilt ffmpeg that ships inside the npm package (no download at install or run time).
    const { default: installer } = await import("@ffmpeg-installer/ffmpeg");
    return installer.path;
  } catch {
    return null;
  }
}

/**
 * The bundled ffmpeg's poster frame: the first frame (or the one at 1 s when the video is longer),
 * scaled to the thumbnail width. ffmpeg failing on the file means the video is broken; ffmpeg
 * missing, or slower than 30 s on a busy machine, means no poster (the library shows a placeholder).
 */
export const ffmpegPosterMaker: PosterMaker = async (source, target) => {
  const binary = await ffmpegPath();
  if (!binary) return "unavailable";
  return new Promise<PosterOutcome>((resolve) => {
    const child = spawn(
      binary,
      [
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-xerror",
        "-i",
        source,
        "-frames:v",
        "1",
        "-vf",
        `scale='min(${THUMBNAIL_WIDTH},iw)':-2`,
        "-q:v",
        "4",
        "-f",
        "image2",
        "-y",
        target,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve("unavailable");
    }, POSTER_TIMEOUT_MS);
    child.on("error", () => {
      clearTimeout(timer);
      resolve("unavailable");
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? "made" : "broken");
    });
  });
};
