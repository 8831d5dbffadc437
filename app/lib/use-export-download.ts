import { useCallback, useEffect, useRef, useState } from "react";
import { ExportDownloadError, fetchExport, saveFile } from "./export-download.ts";

export type ExportDownloadState =
  | { status: "idle" }
  | { status: "downloading"; filename: string | null; bytes: number }
  | { status: "done"; filename: string; bytes: number }
  | { status: "failed"; httpStatus: number | null };

/**
 * One export download at a time, with its progress: `start(url)` fetches it (the bytes so far in
 * `state`), then saves it; `cancel()` stops it. Leaving the page stops it too.
 */
export function useExportDownload() {
  const [state, setState] = useState<ExportDownloadState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (url: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: "downloading", filename: null, bytes: 0 });
    try {
      const file = await fetchExport(
        url,
        ({ filename, bytes }) => setState({ status: "downloading", filename, bytes }),
        current.signal,
      );
      saveFile(file.filename, file.blob);
      setState({ status: "done", filename: file.filename, bytes: file.blob.size });
    } catch (error) {
      if (current.signal.aborted) return setState({ status: "idle" });
      setState({ status: "failed", httpStatus: error instanceof ExportDownloadError ? error.status : null });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
