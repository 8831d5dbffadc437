/**
 * Downloads an export with fetch, reading the streamed body chunk by chunk so the page can show how
 * much has arrived, then saves it under the server's file name. An export streams (its size is not
 * known up front), so the progress is the bytes received so far.
 */

export interface ExportProgress {
  filename: string;
  bytes: number;
}

/** The file name of a `Content-Disposition` header: RFC 6266's `filename*` first, then `filename`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: fall back to the plain one.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

export class ExportDownloadError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The export failed with ${status}`);
    this.status = status;
  }
}

/** Fetches `url`, reporting each chunk, and returns the file (not yet saved). */
export async function fetchExport(
  url: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; blob: Blob }> {
  const response = await fetch(url, { credentials: "same-origin", signal });
  if (!response.ok || !response.body) throw new ExportDownloadError(response.status);
  const fallback = new URL(url, window.location.href).pathname.split("/").pop() ?? "export";
  const filename = filenameOf(response.headers.get("content-disposition"), fallback);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ filename, bytes });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ filename, bytes });
  }
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  return { filename, blob: new Blob(chunks, { type }) };
}

/** Hands a downloaded file to the browser to save. */
export function saveFile(filename: string, blob: Blob): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
