import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * The one guard for HTTP calls to URLs a user typed (WooCommerce stores now; webhooks later).
 * Such a URL can name anything the server can reach but visitors cannot: loopback, the cloud
 * metadata service, the private network. So the guard resolves the name itself, refuses any
 * address that is not public, and connects to exactly the address it checked (a second DNS answer
 * cannot rebind the connection). It follows redirects itself and checks every hop the same way.
 */

export type OutboundErrorKind =
  | "invalid_url"
  | "blocked_scheme"
  | "blocked_address"
  | "too_many_redirects"
  | "unreachable"
  | "timeout"
  | "too_large"
  | "aborted";

const MESSAGES: Record<OutboundErrorKind, string> = {
  invalid_url: "The address is not a valid web address.",
  blocked_scheme: "The address must start with http:// or https://.",
  blocked_address: "The address is on a private or reserved network, which Adhelm does not call.",
  too_many_redirects: "The address redirected too many times.",
  unreachable: "The address could not be reached.",
  timeout: "The address took too long to answer.",
  too_large: "The answer was too large.",
  aborted: "The request was cancelled.",
};

/** Always our own words: never the target's body, status text or a low-level error message. */
export class OutboundError extends Error {
  readonly kind: OutboundErrorKind;
  /** Only a network failure or a timeout can go away by trying again. */
  readonly isRetryable: boolean;
  constructor(kind: OutboundErrorKind, message: string = MESSAGES[kind], options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.kind = kind;
    this.isRetryable = kind === "unreachable" || kind === "timeout";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundOptions {
  /** Refuse http:// (production). */
  requireHttps?: boolean;
  /** Also allow loopback, RFC 1918, CGNAT and ULA addresses (a self-hoster's own network). */
  allowPrivate?: boolean;
  /** Redirects followed before giving up. */
  maxRedirects?: number;
  /** The most body bytes read (after decompression). */
  maxResponseBytes?: number;
  /** For the whole call: name resolution, every hop and the body. */
  timeoutMs?: number;
  /** Tests only: a resolver of their own (the default is the system's, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Tests only: treat a test address as public (the default is `isPublicAddress`). */
  isPublicAddress?: (address: string) => boolean;
}

export interface OutboundRequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array | null;
  signal?: AbortSignal | null;
  /** "follow" (default) re-checks every hop; "manual" returns the 3xx; "error" refuses it. */
  redirect?: "follow" | "manual" | "error";
}

export type OutboundFetch = (input: string | URL, init?: OutboundRequestInit) => Promise<Response>;

const DEFAULTS = { maxRedirects: 5, maxResponseBytes: 5 * 1024 * 1024, timeoutMs: 30_000 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/** A fetch-like function whose every call goes through the guard; see the module comment. */
export function createOutboundFetch(options: OutboundOptions = {}): OutboundFetch {
  const settings = {
    ...DEFAULTS,
    resolve: systemResolve,
    isPublicAddress,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  } as Required<OutboundOptions>;
  // Our own agents: no keep-alive (a socket is bound to the address checked for its request) and no proxy from the environment.
  const agents = { "http:": new http.Agent({ keepAlive: false }), "https:": new https.Agent({ keepAlive: false }) };

  const isAllowed = (address: string) =>
    settings.isPublicAddress(address) || (settings.allowPrivate && classifyAddress(address) === "private");

  return async function outboundFetch(input, init = {}) {
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const headers = new Headers(init.headers);
    if (!headers.has("accept-encoding")) headers.set("accept-encoding", "gzip, deflate, br");
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body ?? null;
    let url = parseUrl(String(input));
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== "https:" && (settings.requireHttps || url.protocol !== "http:"))
          throw new OutboundError(
            "blocked_scheme",
            settings.requireHttps ? "The address must start with https://." : undefined,
          );
        const pinned = await resolveAllowed(url, settings.resolve, isAllowed, signal);
        const message = await send(url, pinned, { method, headers, body, signal, agent: agents[url.protocol] });
        const status = message.statusCode ?? 0;
        if (!REDIRECT_STATUSES.has(status) || init.redirect === "manual")
          return await toResponse(message, method, settings.maxResponseBytes);
        message.destroy();
        if (init.redirect === "error") throw new OutboundError("too_many_redirects", "The address redirected.");
        if (hop >= settings.maxRedirects) throw new OutboundError("too_many_redirects");
        const next = parseUrl(message.headers.location ?? "", url);
        if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
        // As fetch does: 303 (and 301/302 after a POST) turn into a GET without a body.
        if ((status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = null;
          for (const name of ["content-type", "content-length", "content-encoding"]) headers.delete(name);
        }
        url = next;
      }
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (deadline.aborted || isTimeoutReason(init.signal?.reason))
        throw new OutboundError("timeout", undefined, { cause: error });
      if (init.signal?.aborted) throw new OutboundError("aborted", undefined, { cause: error });
      throw new OutboundError("unreachable", undefined, { cause: error });
    }
  };
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError("invalid_url");
  }
  // Credentials in the URL would be sent as Basic auth by node:http; a stored URL must not carry them.
  if (url.username || url.password) throw new OutboundError("invalid_url");
  return url;
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === "TimeoutError";
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, order: "verbatim" });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** Every address the name has must be allowed (so a mixed answer cannot sneak one in); the first is pinned. */
async function resolveAllowed(
  url: URL,
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
  isAllowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let answers: ResolvedAddress[];
  if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      answers = await untilAborted(resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new OutboundError("unreachable", "The address's host name could not be found.", { cause: error });
    }
  }
  const [first] = answers;
  if (!first) throw new OutboundError("unreachable", "The address's host name could not be found.");
  if (!answers.every((answer) => isAllowed(answer.address))) throw new OutboundError("blocked_address");
  return first;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

interface Hop {
  method: string;
  headers: Headers;
  body: string | Uint8Array | null;
  signal: AbortSignal;
  agent: http.Agent;
}

/** One request to `url`, connected to `pinned`: the lookup answers with the checked address; TLS still verifies the URL's host name. */
function send(url: URL, pinned: ResolvedAddress, hop: Hop): Promise<IncomingMessage> {
  const lookup = ((_hostname, options, callback) => {
    const done = callback as (...args: unknown[]) => void;
    if (options.all) done(null, [{ address: pinned.address, family: pinned.family }]);
    else done(null, pinned.address, pinned.family);
  }) as LookupFunction;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: hop.method,
        headers: Object.fromEntries(hop.headers),
        lookup,
        family: pinned.family,
        agent: hop.agent,
        signal: hop.signal,
      },
      resolve,
    );
    request.on("error", reject);
    request.end(hop.body ?? undefined);
  });
}

const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** Reads the body, decompressed, up to the cap, into a standard Response. */
async function toResponse(message: IncomingMessage, method: string, maxBytes: number): Promise<Response> {
  const status = message.statusCode ?? 0;
  if (status < 200 || status > 599) {
    message.destroy();
    throw new OutboundError("unreachable", "The address gave an answer that is not HTTP.");
  }
  const encoding = String(message.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder = DECODERS[encoding]?.();
  const declared = Number(message.headers["content-length"]);
  if (!decoder && Number.isFinite(declared) && declared > maxBytes) {
    message.destroy();
    throw new OutboundError("too_large");
  }
  const source: Readable = decoder ? message.pipe(decoder) : message;
  if (decoder) message.on("error", (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new OutboundError("too_large");
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (size > maxBytes || !message.complete) message.destroy();
  }
  const headers = new Headers();
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    const name = (message.rawHeaders[index] ?? "").toLowerCase();
    // The body handed on is decoded and complete, so these would describe another body.
    if (decoder && (name === "content-encoding" || name === "content-length")) continue;
    headers.append(name, message.rawHeaders[index + 1] ?? "");
  }
  const hasBody = !NULL_BODY_STATUSES.has(status) && method !== "HEAD";
  return new Response(hasBody ? Buffer.concat(chunks) : null, { status, statusText: message.statusMessage, headers });
}

type AddressClass = "public" | "private" | "forbidden";

function subnets(family: "ipv4" | "ipv6", list: Array<[string, number]>): BlockList {
  const block = new BlockList();
  for (const [network, prefix] of list) block.addSubnet(network, prefix, family);
  return block;
}

/** Private networks a self-hoster may allow: loopback, RFC 1918, CGNAT (RFC 6598). */
const IPV4_PRIVATE = subnets("ipv4", [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
]);
/** Never called: "this network", link-local (the metadata service), IETF, documentation, benchmarking, multicast, reserved, broadcast. */
const IPV4_FORBIDDEN = subnets("ipv4", [
  ["0.0.0.0", 8],
  ["169.254.0.0", 16],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
]);
/** Only global unicast (2000::/3) can be public: ::, ::1, fe80::/10, ff00::/8, 64:ff9b:1::/48 and the rest are outside it. */
const IPV6_GLOBAL = subnets("ipv6", [["2000::", 3]]);
/** Inside 2000::/3 but not public: IETF assignments (Teredo, benchmarking, ORCHID), documentation. */
const IPV6_FORBIDDEN = subnets("ipv6", [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["3fff::", 20],
]);
const IPV6_PRIVATE = subnets("ipv6", [["fc00::", 7]]);
/** Metadata services that live inside ULA space (AWS IMDS over IPv6), forbidden even when private is allowed. */
const IPV6_METADATA = new Set(["fd00:ec2:0:0:0:0:0:254"]);

/** Eight 16-bit groups of a valid IPv6 address (a trailing dotted quad becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedIPv4(groups: number[]): string | null {
  const at = (index: number) => groups[index] ?? 0;
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && at(5) === 0xffff) return quad(at(6), at(7));
  if (at(0) === 0x64 && at(1) === 0xff9b && zeros(2, 6)) return quad(at(6), at(7));
  if (at(0) === 0x2002) return quad(at(1), at(2));
  return null;
}

/** public: may be called; private: only with allowPrivate; forbidden: never. Anything unparsable is forbidden. */
export function classifyAddress(address: string): AddressClass {
  // A zone id (fe80::1%eth0) only exists on link-local addresses.
  if (address.includes("%")) return "forbidden";
  const family = isIP(address);
  if (family === 4) {
    if (IPV4_FORBIDDEN.check(address, "ipv4")) return "forbidden";
    return IPV4_PRIVATE.check(address, "ipv4") ? "private" : "public";
  }
  if (family !== 6) return "forbidden";
  const groups = ipv6Groups(address);
  const embedded = embeddedIPv4(groups);
  if (embedded !== null) return classifyAddress(embedded);
  const canonical = groups.map((group) => group.toString(16)).join(":");
  if (IPV6_METADATA.has(canonical)) return "forbidden";
  if (IPV6_PRIVATE.check(canonical, "ipv6")) return "private";
  if (!IPV6_GLOBAL.check(canonical, "ipv6") || IPV6_FORBIDDEN.check(canonical, "ipv6")) return "forbidden";
  return "public";
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === "public";
}
