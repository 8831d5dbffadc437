import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "./fake-s3-signature.ts";

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** What the fake saw, so tests can check how the client talked to it. */
export interface FakeS3Request {
  operation: string;
  key: string;
  /** Bytes of the request body. */
  bytes: number;
  status: number;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, { bytes: Buffer; etag: string }>;
}

/** S3 refuses parts smaller than this, except the last. */
const MINIMUM_PART_BYTES = 5 * 1024 * 1024;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
const etagOf = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

/**
 * A local S3-compatible store at the network boundary, speaking the REST protocol the AWS SDK uses
 * with path-style URLs (`/bucket/key`): PutObject, GetObject, HeadObject, DeleteObject and the
 * multipart calls (Create, UploadPart, Complete, Abort). Every request must carry a valid
 * AWS Signature Version 4 for a known access key (the full signature is recomputed), and a signed
 * payload hash must match the body. One bucket, in memory.
 */
export async function startFakeS3({
  bucket,
  accessKeyId,
  secretAccessKey,
  port = 0,
}: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  port?: number;
}) {
  const credentials = new Map([[accessKeyId, secretAccessKey]]);
  const objects = new Map<string, FakeS3Object>();
  const uploads = new Map<string, MultipartUpload>();
  const requests: FakeS3Request[] = [];
  /** Called when a part has fully arrived, before the fake answers it. */
  let onPartReceived: ((partNumber: number, bytes: number) => void) | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const rawUrl = request.url ?? "/";
    const url = new URL(rawUrl, "http://fake-s3");
    const [, bucketName = "", ...keyParts] = url.pathname.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    const query = url.searchParams;
    const method = request.method ?? "GET";
    const operation = operationOf(method, query, key);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);

    const answer = (status: number, headers: Record<string, string | number>, content: string | Buffer = "") => {
      requests.push({ operation, key, bytes: body.length, status });
      response.writeHead(status, headers);
      response.end(method === "HEAD" ? undefined : content);
    };
    const fail = (status: number, code: string, message: string) =>
      answer(
        status,
        { "content-type": "application/xml" },
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Key>${xmlEscape(key)}</Key></Error>`,
      );
    const xml = (content: string) =>
      answer(200, { "content-type": "application/xml" }, `<?xml version="1.0" encoding="UTF-8"?>${content}`);

    const refusal = verifySignature({ method, rawUrl, headers: request.headers }, credentials);
    if (refusal) return fail(403, refusal.code, refusal.message);
    const payloadHash = String(request.headers["x-amz-content-sha256"]);
    if (/^[0-9a-f]{64}$/.test(payloadHash) && createHash("sha256").update(body).digest("hex") !== payloadHash)
      return fail(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match.");
    if (payloadHash.startsWith("STREAMING-"))
      return fail(501, "NotImplemented", "This fake does not decode aws-chunked bodies.");
    if (bucketName !== bucket) return fail(404, "NoSuchBucket", "The specified bucket does not exist");
    if (!key) return fail(501, "NotImplemented", "Bucket-level operations are not implemented by this fake.");
    const contentType = String(request.headers["content-type"] ?? "binary/octet-stream");

    switch (operation) {
      case "PutObject": {
        const etag = etagOf(body);
        objects.set(key, { bytes: body, contentType, etag });
        return answer(200, { etag });
      }
      case "GetObject":
      case "HeadObject": {
        const object = objects.get(key);
        if (!object) {
          if (method === "HEAD") return answer(404, {});
          return fail(404, "NoSuchKey", "The specified key does not exist.");
        }
        return answer(
          200,
          { "content-type": object.contentType, "content-length": object.bytes.length, etag: object.etag },
          method === "HEAD" ? "" : object.bytes,
        );
      }
      case "DeleteObject":
        objects.delete(key);
        return answer(204, {});
      case "CreateMultipartUpload": {
        const uploadId = randomUUID();
        uploads.set(uploadId, { key, contentType, parts: new Map() });
        return xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case "UploadPart": {
        const upload = uploads.get(query.get("uploadId") ?? "");
        if (!upload || upload.key !== key) return fail(404, "NoSuchUpload", "The specified upload does not exist.");
        const partNumber = Number(query.get("partNumber"));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          return fail(400, "InvalidArgument", "Part number must be an integer between 1 and 10000.");
        onPartReceived?.(partNumber, body.length);
        const etag = etagOf(body);
        upload.parts.set(partNumber, { bytes: body, etag });
        return answer(200, { etag });
      }
      case "CompleteMultipartUpload": {
        const uploadId = query.get("uploadId") ?? "";
        const upload = uploads.get(uploadId);
        if (!upload || upload.key !== key) return fail(404, "NoSuchUpload", "The specified upload does not exist.");
        const listed = [...body.toString("utf8").matchAll(/<Part>(.*?)<\/Part>/gs)].map(([, part = ""]) => ({
          partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1]),
          etag: /<ETag>(.*?)<\/ETag>/s.exec(part)?.[1]?.replace(/&quot;|&#34;/g, '"'),
        }));
        if (listed.length === 0) return fail(400, "MalformedXML", "The XML you provided was not well-formed.");
        const pieces: Buffer[] = [];
        for (const [index, { partNumber, etag }] of listed.entries()) {
          const part = upload.parts.get(partNumber);
          if (!part || part.etag !== etag)
            return fail(400, "InvalidPart", "One or more of the specified parts could not be found.");
          if (index > 0 && partNumber <= (listed[index - 1]?.partNumber ?? 0))
            return fail(400, "InvalidPartOrder", "The list of parts was not in ascending order.");
          if (index < listed.length - 1 && part.bytes.length < MINIMUM_PART_BYTES)
            return fail(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed object size.");
          pieces.push(part.bytes);
        }
        const bytes = Buffer.concat(pieces);
        const etag = `"${createHash("md5").update(bytes).digest("hex")}-${listed.length}"`;
        objects.set(key, { bytes, contentType: upload.contentType, etag });
        uploads.delete(uploadId);
        return xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case "AbortMultipartUpload":
        if (!uploads.delete(query.get("uploadId") ?? ""))
          return fail(404, "NoSuchUpload", "The specified upload does not exist.");
        return answer(204, {});
      default:
        return fail(501, "NotImplemented", `${method} ${rawUrl} is not implemented by this fake.`);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actualPort } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    objects,
    /** Multipart uploads begun and neither completed nor aborted. */
    openUploads: uploads,
    requests,
    set onPartReceived(listener: ((partNumber: number, bytes: number) => void) | undefined) {
      onPartReceived = listener;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;

function operationOf(method: string, query: URLSearchParams, key: string): string {
  if (!key) return `${method} bucket`;
  if (method === "PUT") return query.has("uploadId") ? "UploadPart" : "PutObject";
  if (method === "GET") return "GetObject";
  if (method === "HEAD") return "HeadObject";
  if (method === "POST") {
    if (query.has("uploads")) return "CreateMultipartUpload";
    if (query.has("uploadId")) return "CompleteMultipartUpload";
  }
  if (method === "DELETE") return query.has("uploadId") ? "AbortMultipartUpload" : "DeleteObject";
  return `${method} object`;
}
