/**
 * A file download of a streamed CSV; never cached, it holds the team's own figures. A file name
 * with accents ("adhelm-campañas-….csv") goes as RFC 6266's `filename*` (UTF-8, percent-encoded),
 * after a plain ASCII `filename` for older clients; an ASCII name is sent as `filename` alone.
 */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array>): Response {
  return exportResponse({ filename, contentType: "text/csv; charset=utf-8", body });
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** `attachment; filename="…"`, plus `filename*=UTF-8''…` when the name is not plain ASCII. */
export function attachment(filename: string): string {
  const plain = filename.replaceAll(/["\\]/g, "_");
  if (PRINTABLE_ASCII.test(plain)) return `attachment; filename="${plain}"`;
  const ascii = plain
    .normalize("NFD")
    .replaceAll(/\p{M}/gu, "")
    .replaceAll(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(filename).replaceAll(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Any export file (CSV or Excel) as a download, with the same headers as a CSV's. */
export function exportResponse(file: { filename: string; contentType: string; body: ReadableStream<Uint8Array> }) {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": attachment(file.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
