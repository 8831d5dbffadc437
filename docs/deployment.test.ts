/**
 * The Dockerfile, compose.yaml and deploy/Caddyfile, checked without Docker: the services and how
 * they wait for each other's health, the ports, and every variable the app nodes get is one
 * core/config/env.ts knows and accepts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { s3StorageConfigFrom } from "#adapters/s3-file-storage.ts";
import { parseEnv } from "#core/config/env.ts";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[] | string;
}
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const app = services["app-1"] as Service;

/** What `docker compose --env-file deploy/compose.env` makes of ${NAME:-default}, ${NAME:?error} and $$. */
function interpolate(value: string, given: Record<string, string>): string {
  return value
    .replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
      if (given[name] !== undefined) return given[name] as string;
      if (kind === "?") throw new Error(`${name} is required: ${rest}`);
      return kind === "-" ? (rest ?? "") : "";
    })
    .replaceAll("$$", "$");
}
const SECRETS = {
  AUTH_SECRET: "a".repeat(64),
  POSTGRES_PASSWORD: "b".repeat(64),
  MINIO_ROOT_PASSWORD: "c".repeat(64),
  S3_SECRET_ACCESS_KEY: "d".repeat(64),
};
const environmentOf = (service: Service, given: Record<string, string> = SECRETS) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), given)]),
  );

/** The variables core/config/env.ts declares (its zod object's keys). */
function declaredVariables(): Set<string> {
  const source = read("core/config/env.ts");
  const start = source.indexOf("const envSchema = z");
  const body = source.slice(start, source.indexOf("  .transform(", start));
  return new Set([...body.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map(([, name]) => name as string));
}

describe("compose.yaml", () => {
  it("runs two app nodes behind a proxy, PostgreSQL 15, MinIO and the one-shot bucket setup", () => {
    expect(Object.keys(services).sort()).toEqual(["app-1", "app-2", "minio", "minio-setup", "postgres", "proxy"]);
    expect(services.postgres?.image).toMatch(/^postgres:15/);
    for (const name of ["app-1", "app-2"]) expect(services[name]?.build).toBe(".");
  });

  it("gives the app nodes only variables the app knows, and a configuration it accepts", () => {
    const declared = declaredVariables();
    expect(declared.size).toBeGreaterThan(40);
    expect(Object.keys(app.environment ?? {}).filter((name) => !declared.has(name))).toEqual([]);
    const env = parseEnv(environmentOf(app));
    expect(env).toMatchObject({
      isProduction: true,
      HOST: "0.0.0.0",
      PORT: 3000,
      DATA_DIR: "/data",
      TRUST_PROXY: true,
    });
    expect(env.DATABASE_URL).toBe(`postgres://adhelm:${SECRETS.POSTGRES_PASSWORD}@postgres:5432/adhelm`);
    expect(s3StorageConfigFrom(env)).toMatchObject({ endpoint: "http://minio:9000", forcePathStyle: true });
    // Both nodes get the same configuration (one AUTH_SECRET), each its own DATA_DIR volume.
    expect(environmentOf(services["app-2"] as Service)).toEqual(environmentOf(app));
    expect([app.volumes, services["app-2"]?.volumes]).toEqual([["app-1-data:/data"], ["app-2-data:/data"]]);
  });

  it("refuses to start without its secrets", () => {
    const { AUTH_SECRET: _omitted, ...withoutAuthSecret } = SECRETS;
    expect(() => environmentOf(app, withoutAuthSecret)).toThrow(/AUTH_SECRET is required/);
  });

  it("gives the bucket setup the app's bucket and access key, and PostgreSQL the app's password", () => {
    const appEnv = environmentOf(app);
    const setup = environmentOf(services["minio-setup"] as Service);
    expect(setup).toMatchObject({
      S3_BUCKET: appEnv.S3_BUCKET,
      S3_ACCESS_KEY_ID: appEnv.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: appEnv.S3_SECRET_ACCESS_KEY,
    });
    expect(environmentOf(services.postgres as Service)).toMatchObject({
      POSTGRES_USER: "adhelm",
      POSTGRES_DB: "adhelm",
      POSTGRES_PASSWORD: SECRETS.POSTGRES_PASSWORD,
    });
    expect(String(services["minio-setup"]?.command)).toContain('mc mb --ignore-existing "local/$$S3_BUCKET"');
  });

  it("starts each service once what it needs is healthy", () => {
    expect(services.postgres?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(services.minio?.healthcheck?.test).toEqual(["CMD", "mc", "ready", "local"]);
    for (const name of ["app-1", "app-2"])
      expect(services[name]?.depends_on).toEqual({
        postgres: { condition: "service_healthy" },
        "minio-setup": { condition: "service_completed_successfully" },
      });
    expect(services.proxy?.depends_on).toEqual({
      "app-1": { condition: "service_healthy" },
      "app-2": { condition: "service_healthy" },
    });
    expect(services["minio-setup"]?.depends_on).toEqual({ minio: { condition: "service_healthy" } });
  });

  it("publishes only the proxy, on the port its Caddyfile serves, in front of both nodes' PORT", () => {
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(["proxy"]);
    expect(services.proxy?.ports?.map((port) => interpolate(port, {}))).toEqual(["8080:8080"]);
    const caddyfile = read("deploy/Caddyfile");
    expect(caddyfile).toContain("{$SITE_ADDRESS::8080} {");
    expect(caddyfile).toMatch(/reverse_proxy app-1:3000 app-2:3000 \{/);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
    expect(services.proxy?.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const ignored = read(".dockerignore")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"));

  it("builds in stages and runs as a non-root user with a health check on /healthz", () => {
    expect([...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map(([, stage]) => stage)).toEqual([
      "deps",
      "build",
      "runtime-deps",
      "runtime",
    ]);
    expect(dockerfile).toContain("RUN npm ci --omit=dev");
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/start\.ts"\]$/m);
  });

  it("copies every source folder the server imports through package.json's #subpaths, and ignores none of them", () => {
    const imports = (JSON.parse(read("package.json")) as { imports: Record<string, string> }).imports;
    const folders = Object.values(imports)
      .map((target) => target.replace(/^\.\/|\/\*$/g, ""))
      .filter((folder) => folder !== "tests" && folder !== "bench");
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of [...folders, "public", "build"]) {
      expect(dockerfile).toContain(`COPY --from=build /app/${folder} ./${folder}`);
      if (folder !== "build") expect(ignored).not.toContain(folder);
    }
  });
});
