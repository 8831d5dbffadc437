import { type Context, Hono } from "hono";
import { AD_PLATFORM_IDS, type AdPlatformId } from "./lib/platform-ids.ts";
import { tenantOfToken } from "./market/ads.ts";
import { hashString, mixSeeds, unitDraw } from "./market/random.ts";
import type { MarketEngine, SimCreative } from "./sandbox-kit.ts";

/**
 * The creatives' images, as the platforms' CDNs serve them: `/media/<platform>/<tenant token>/
 * <creative id>.jpg` (full size for its placement) and `…_thumb.jpg` (320 px wide), relative to the
 * sandbox's root. Each is a real JPEG drawn from an SVG composed of the brand, the headline and a
 * palette and shapes seeded by the creative, so the same creative always gets the same bytes.
 * Video creatives get a poster frame (with a play mark) as their thumbnail, and their media URL
 * points at the same poster: the sandbox serves no video file.
 */

export const THUMBNAIL_WIDTH = 320;
/** Rendered images kept in memory (a full image is ~50–150 KB). */
const MAX_CACHED_IMAGES = 200;

/** The pixel size of a creative's full image by platform and kind (its usual placement). */
export function mediaSizeOf(platform: AdPlatformId, kind: SimCreative["kind"]): { width: number; height: number } {
  if (kind === "video") {
    return platform === "tiktok-ads" || platform === "facebook-ads"
      ? { width: 1080, height: 1920 }
      : { width: 1280, height: 720 };
  }
  if (platform === "google-ads" || platform === "microsoft-ads") return { width: 1200, height: 628 };
  return { width: 1080, height: 1080 };
}

/**
 * The absolute URL of a creative's image from a platform module's request: the sandbox's root is
 * the part of the request path before `/<platform>/`.
 */
export function sandboxMediaUrl(c: Context, platform: AdPlatformId, path: string | null): string | null {
  if (path === null) return null;
  const url = new URL(c.req.url);
  const index = url.pathname.indexOf(`/${platform}/`);
  const root = index >= 0 ? url.pathname.slice(0, index) : "";
  return `${url.origin}${root}${path}`;
}

export function createSandboxMediaRoutes(engine: MarketEngine): Hono {
  const cache = new Map<string, Uint8Array>();
  const app = new Hono();
  app.get("/:platform/:tenant/:file", async (c) => {
    const platform = c.req.param("platform") as AdPlatformId;
    const tenant = tenantOfToken(c.req.param("tenant"));
    const match = /^([A-Za-z0-9_-]{1,64}?)(_thumb)?\.jpg$/.exec(c.req.param("file"));
    if (!AD_PLATFORM_IDS.includes(platform) || tenant === null || !match) return notFound(c);
    const [, creativeId, thumb] = match;
    const key = `${platform}|${tenant}|${creativeId}|${thumb ? "thumb" : "full"}`;
    let bytes = cache.get(key);
    if (bytes) {
      // Least recently used goes first: move a hit to the end.
      cache.delete(key);
    } else {
      const creative = await findCreative(engine, tenant, platform, creativeId!);
      if (!creative) return notFound(c);
      const brand = engine.describeStore(tenant, "shopify").name;
      bytes = await renderCreativeImage({ platform, brand, creative, isThumbnail: !!thumb });
      if (cache.size >= MAX_CACHED_IMAGES) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, bytes);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "image/jpeg",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  return app;
}

function notFound(c: Context) {
  return c.json({ error: { code: "not_found", message: "No such creative image." } }, 404);
}

async function findCreative(
  engine: MarketEngine,
  tenant: string,
  platform: AdPlatformId,
  creativeId: string,
): Promise<SimCreative | null> {
  for (const account of engine.listAccounts(tenant, platform)) {
    const ad = (await engine.listAds(tenant, platform, account.id)).find(
      (candidate) => candidate.creative.id === creativeId && candidate.creative.kind !== "text",
    );
    if (ad) return ad.creative;
  }
  return null;
}

/** A creative's image as JPEG bytes: the same input always gives the same bytes. */
export async function renderCreativeImage(input: {
  platform: AdPlatformId;
  brand: string;
  creative: Pick<SimCreative, "id" | "kind" | "headline">;
  isThumbnail: boolean;
}): Promise<Uint8Array> {
  const { width, height } = mediaSizeOf(input.platform, input.creative.kind);
  const seed = mixSeeds(hashString(`${input.brand}|${input.creative.id}`), 17);
  const svg = creativeSvg({ width, height, brand: input.brand, creative: input.creative, seed });
  const { default: sharp } = await import("sharp");
  let image = sharp(Buffer.from(svg), { density: 72 });
  if (input.isThumbnail) image = image.resize({ width: THUMBNAIL_WIDTH });
  const buffer = await image.jpeg({ quality: input.isThumbnail ? 75 : 82, mozjpeg: false }).toBuffer();
  return new Uint8Array(buffer);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Breaks the headline into lines of about `perLine` characters, at most three. */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 3
    ? [
        ...lines.slice(0, 2),
        `${lines
          .slice(2)
          .join(" ")
          .slice(0, perLine - 1)}…`,
      ]
    : lines;
}

function creativeSvg(input: {
  width: number;
  height: number;
  brand: string;
  creative: Pick<SimCreative, "kind" | "headline">;
  seed: number;
}): string {
  const { width, height, seed } = input;
  const draw = (index: number) => unitDraw(seed, index);
  const hue = Math.floor(draw(0) * 360);
  const accent = (hue + 150 + Math.floor(draw(1) * 60)) % 360;
  const background = `hsl(${hue}, ${45 + Math.floor(draw(2) * 30)}%, ${18 + Math.floor(draw(3) * 14)}%)`;
  const soft = `hsl(${hue}, 50%, ${40 + Math.floor(draw(4) * 15)}%)`;
  const highlight = `hsl(${accent}, 80%, 60%)`;
  const unit = Math.min(width, height);
  const shapes: string[] = [];
  for (let index = 0; index < 6; index++) {
    const x = Math.round(draw(10 + index) * width);
    const y = Math.round(draw(20 + index) * height);
    const size = Math.round(unit * (0.12 + draw(30 + index) * 0.35));
    const opacity = (0.12 + draw(40 + index) * 0.25).toFixed(2);
    const fill = index % 2 === 0 ? soft : highlight;
    shapes.push(
      draw(50 + index) < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}" opacity="${opacity}"/>`
        : `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${Math.round(size / 5)}" fill="${fill}" opacity="${opacity}" transform="rotate(${Math.round(draw(60 + index) * 90 - 45)} ${x} ${y})"/>`,
    );
  }
  const pad = Math.round(unit * 0.07);
  const titleSize = Math.round(unit * (width > height * 1.4 ? 0.085 : 0.075));
  const perLine = Math.max(12, Math.floor((width - 2 * pad) / (titleSize * 0.56)));
  const lines = wrap(input.creative.headline, perLine);
  const titleTop = Math.round(height * 0.62 - (lines.length - 1) * titleSize * 1.15);
  const title = lines
    .map(
      (line, index) =>
        `<text x="${pad}" y="${Math.round(titleTop + index * titleSize * 1.15)}" font-size="${titleSize}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  const brandSize = Math.round(unit * 0.045);
  const buttonHeight = Math.round(unit * 0.085);
  const buttonWidth = Math.round(buttonHeight * 3.2);
  const buttonY = height - pad - buttonHeight;
  const play =
    input.creative.kind === "video"
      ? `<circle cx="${width / 2}" cy="${height * 0.3}" r="${unit * 0.11}" fill="#000" opacity="0.45"/><path d="M ${width / 2 - unit * 0.04} ${height * 0.3 - unit * 0.06} L ${width / 2 + unit * 0.065} ${height * 0.3} L ${width / 2 - unit * 0.04} ${height * 0.3 + unit * 0.06} Z" fill="#fff"/>`
      : "";
  const carousel =
    input.creative.kind === "carousel"
      ? `<text x="${width - pad}" y="${pad + brandSize}" font-size="${brandSize}" fill="#fff" text-anchor="end" opacity="0.85">1 / 3</text>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
<rect width="100%" height="100%" fill="${background}"/>
${shapes.join("\n")}
<rect x="0" y="${Math.round(height * 0.45)}" width="${width}" height="${Math.round(height * 0.55)}" fill="#000" opacity="0.25"/>
<text x="${pad}" y="${pad + brandSize}" font-size="${brandSize}" font-weight="700" fill="#fff" letter-spacing="2">${escapeXml(input.brand.toUpperCase())}</text>
${carousel}${play}${title}
<rect x="${pad}" y="${buttonY}" width="${buttonWidth}" height="${buttonHeight}" rx="${Math.round(buttonHeight / 2)}" fill="${highlight}"/>
<text x="${pad + buttonWidth / 2}" y="${buttonY + buttonHeight * 0.64}" font-size="${Math.round(buttonHeight * 0.42)}" font-weight="700" fill="#111" text-anchor="middle">Shop now</text>
</svg>`;
}
