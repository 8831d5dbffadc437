import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  classifyAddress,
  createOutboundFetch,
  isPublicAddress,
  OutboundError,
  type OutboundOptions,
  type ResolvedAddress,
} from "./outbound-http.ts";

interface Listener {
  host: string;
  port: number;
  origin: string;
  received: Array<{ url: string; authorization: string | undefined }>;
}

const open: Array<() => Promise<void>> = [];

/** A real HTTP server on `host` that records every request it receives before answering. */
async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  host = "127.0.0.1",
  port = 0,
): Promise<Listener> {
  const received: Listener["received"] = [];
  const server = createServer((request, response) => {
    received.push({ url: request.url ?? "", authorization: request.headers.authorization });
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  open.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const bound = (server.address() as AddressInfo).port;
  return { host, port: bound, origin: `http://${host}:${bound}`, received };
}

const ok = (_request: IncomingMessage, response: ServerResponse) =>
  response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');

afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** In these tests 127.0.0.1 stands for a public address; every other address is judged strictly. */
const TEST_PUBLIC = "127.0.0.1";
function guarded(options: OutboundOptions = {}) {
  return createOutboundFetch({
    isPublicAddress: (address) => address === TEST_PUBLIC || isPublicAddress(address),
    ...options,
  });
}

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "private"],
    ["127.255.255.254", "private"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["::1", "forbidden"],
    ["::ffff:127.0.0.1", "private"],
    ["::ffff:7f00:1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["169.254.169.254", "forbidden"],
    ["::ffff:169.254.169.254", "forbidden"],
    ["fd00:ec2::254", "forbidden"],
    ["fe80::1", "forbidden"],
    ["fe80::1%eth0", "forbidden"],
    ["0.0.0.0", "forbidden"],
    ["::", "forbidden"],
    ["224.0.0.1", "forbidden"],
    ["ff02::1", "forbidden"],
    ["255.255.255.255", "forbidden"],
    ["240.0.0.1", "forbidden"],
    ["192.0.2.10", "forbidden"],
    ["198.18.0.1", "forbidden"],
    ["198.51.100.7", "forbidden"],
    ["203.0.113.9", "forbidden"],
    ["2001:db8::1", "forbidden"],
    ["2001::1", "forbidden"],
    ["3fff::1", "forbidden"],
    ["::127.0.0.1", "forbidden"],
    ["64:ff9b::7f00:1", "private"],
    ["64:ff9b::a9fe:a9fe", "forbidden"],
    ["64:ff9b:1::1", "forbidden"],
    ["2002:7f00:1::1", "private"],
    ["2002:a9fe:a9fe::1", "forbidden"],
    ["not-an-address", "forbidden"],
  ])("classifies %s as %s, never public", (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("classifies %s as public", (address) => {
    expect(classifyAddress(address)).toBe("public");
  });
});

describe("createOutboundFetch", () => {
  it("refuses loopback by default and connects to it with allowPrivate", async () => {
    const store = await listen(ok);
    const error = await refusal(createOutboundFetch()(`${store.origin}/wp-json/`));
    expect(error.kind).toBe("blocked_address");
    expect(error.isRetryable).toBe(false);
    expect(store.received).toEqual([]);

    const response = await createOutboundFetch({ allowPrivate: true })(`${store.origin}/wp-json/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(store.received).toHaveLength(1);
  });

  it("refuses the other spellings of loopback and names that resolve to it", async () => {
    const store = await listen(ok);
    const fetchGuarded = createOutboundFetch();
    for (const host of ["localhost", "0x7f000001", "2130706433", "127.1", "[::ffff:127.0.0.1]", "[::1]", "0.0.0.0"]) {
      expect((await refusal(fetchGuarded(`http://${host}:${store.port}/`))).kind).toBe("blocked_address");
    }
    expect(store.received).toEqual([]);
  });

  it("refuses a redirect from an allowed address to a private one", async () => {
    const privateStore = await listen(ok, "127.0.0.2");
    const store = await listen((request, response) => {
      const target = request.url === "/metadata" ? "http://169.254.169.254/latest/meta-data/" : privateStore.origin;
      response.writeHead(302, { location: target }).end();
    });
    const fetchGuarded = guarded();
    expect((await refusal(fetchGuarded(`${store.origin}/`))).kind).toBe("blocked_address");
    expect((await refusal(fetchGuarded(`${store.origin}/metadata`))).kind).toBe("blocked_address");
    expect(store.received).toHaveLength(2);
    expect(privateStore.received).toEqual([]);
  });

  it("follows allowed redirects, keeping Authorization on the same origin only", async () => {
    const other = await listen(ok);
    const store = await listen((request, response) => {
      if (request.url === "/start") response.writeHead(301, { location: "/same" }).end();
      else if (request.url === "/same") response.writeHead(307, { location: `${other.origin}/elsewhere` }).end();
    });
    const response = await guarded()(`${store.origin}/start`, { headers: { authorization: "Basic a2V5OnNlY3JldA==" } });
    expect(response.status).toBe(200);
    expect(store.received).toEqual([
      { url: "/start", authorization: "Basic a2V5OnNlY3JldA==" },
      { url: "/same", authorization: "Basic a2V5OnNlY3JldA==" },
    ]);
    expect(other.received).toEqual([{ url: "/elsewhere", authorization: undefined }]);
  });

  it("stops after the maximum number of redirects", async () => {
    const store = await listen((_request, response) => response.writeHead(302, { location: "/again" }).end());
    expect((await refusal(guarded({ maxRedirects: 3 })(`${store.origin}/`))).kind).toBe("too_many_redirects");
    expect(store.received).toHaveLength(4);
  });

  it("connects to the address it checked, whatever the name resolves to later (DNS rebinding)", async () => {
    const store = await listen(ok);
    const internal = await listen(ok, "127.0.0.2", store.port);
    const answers: ResolvedAddress[][] = [
      [{ address: TEST_PUBLIC, family: 4 }],
      [{ address: "127.0.0.2", family: 4 }],
      [{ address: "127.0.0.2", family: 4 }],
    ];
    const resolve = async () => answers.shift() ?? [];
    const fetchGuarded = guarded({ resolve });
    const response = await fetchGuarded(`http://rebind.test:${store.port}/wp-json/`);
    expect(response.status).toBe(200);
    expect(store.received).toEqual([{ url: "/wp-json/", authorization: undefined }]);
    expect(answers).toHaveLength(2);
    // The next call resolves again, and the private answer is refused before any connection.
    expect((await refusal(fetchGuarded(`http://rebind.test:${store.port}/wp-json/`))).kind).toBe("blocked_address");
    expect(internal.received).toEqual([]);
  });

  it("refuses a name whose answers mix public and private addresses", async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: "8.8.8.8", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    const error = await refusal(createOutboundFetch({ resolve })("https://mixed.example/"));
    expect(error.kind).toBe("blocked_address");
  });

  it("caps the answer's size, declared, streamed or compressed, and never puts its body in the error", async () => {
    const secret = "SECRET-STORE-TEXT ";
    const store = await listen((request, response) => {
      const big = secret.repeat(4_000);
      if (request.url === "/declared") response.writeHead(200, { "content-length": Buffer.byteLength(big) }).end(big);
      else if (request.url === "/streamed") {
        response.writeHead(200);
        for (let index = 0; index < 40; index++) response.write(secret.repeat(100));
        response.end();
      } else {
        response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.from(secret.repeat(50_000))));
      }
    });
    const fetchGuarded = guarded({ maxResponseBytes: 16 * 1024 });
    for (const path of ["/declared", "/streamed", "/gzip"]) {
      const error = await refusal(fetchGuarded(`${store.origin}${path}`));
      expect(error.kind).toBe("too_large");
      expect(`${error.message} ${JSON.stringify(error)}`).not.toContain("SECRET");
    }
    const small = await guarded()(`${store.origin}/gzip`);
    expect((await small.text()).startsWith(secret)).toBe(true);
  });

  it("gives up after the total timeout, whether the headers or the body are slow", async () => {
    const store = await listen((request, response) => {
      if (request.url === "/slow-body") response.writeHead(200).write("{");
    });
    const fetchGuarded = guarded({ timeoutMs: 200 });
    for (const path of ["/no-answer", "/slow-body"]) {
      const started = Date.now();
      const error = await refusal(fetchGuarded(`${store.origin}${path}`));
      expect(error.kind).toBe("timeout");
      expect(error.isRetryable).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it("refuses http:// when https is required, and schemes other than http(s) always", async () => {
    const store = await listen(ok);
    const error = await refusal(guarded({ requireHttps: true })(`${store.origin}/`));
    expect(error.kind).toBe("blocked_scheme");
    expect(error.message).toBe("The address must start with https://.");
    expect((await refusal(guarded()("file:///etc/passwd"))).kind).toBe("blocked_scheme");
    expect((await refusal(guarded()(`http://user:pass@${store.host}:${store.port}/`))).kind).toBe("invalid_url");
    expect(store.received).toEqual([]);
  });

  it("hands error statuses to the caller and reports network failures in its own words", async () => {
    const store = await listen((_request, response) => response.writeHead(500).end("Fatal error in /var/www/wp"));
    const response = await guarded()(`${store.origin}/`);
    expect(response.status).toBe(500);
    const closed = await listen(ok);
    await Promise.all(open.splice(0).map((close) => close()));
    const error = await refusal(guarded()(`${closed.origin}/`));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toBe("The address could not be reached.");
  });
});
