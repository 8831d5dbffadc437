import { type Kysely, type Selectable, sql } from "kysely";
import type { CreativeAssetTable, Database } from "#core/db/schema.ts";
import type { AssetKindFilter } from "./asset-schemas.ts";
import type { AssetKind } from "./sniff-file-type.ts";

export interface AssetRecord {
  id: string;
  organizationId: string;
  uploadedBy: string | null;
  uploadedByName: string;
  name: string;
  kind: AssetKind;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  originalKey: string;
  fileKey: string;
  fileContentType: string;
  thumbnailKey: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export type NewAsset = Omit<AssetRecord, "tags" | "createdAt" | "updatedAt">;

export interface AssetQuery {
  search: string;
  tag: string | null;
  kind: AssetKindFilter;
  limit: number;
  offset: number;
}

/** PostgreSQL gives a Date; SQLite's CURRENT_TIMESTAMP a UTC "YYYY-MM-DD HH:MM:SS". */
const isoOf = (value: Date | string) =>
  (value instanceof Date
    ? value
    : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`)
  ).toISOString();

type Row = Selectable<CreativeAssetTable>;

function toRecord(row: Row, tags: string[]): AssetRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    uploadedBy: row.uploaded_by,
    uploadedByName: row.uploaded_by_name,
    name: row.name,
    kind: row.kind as AssetKind,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    originalKey: row.original_key,
    fileKey: row.file_key,
    fileContentType: row.file_content_type,
    thumbnailKey: row.thumbnail_key,
    tags,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
}

/** `%`, `_` and `\` typed in a search match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The uploaded creatives of an organization and their tags: the only SQL of the slice. */
export function createAssetRepository(db: Kysely<Database>) {
  async function tagsOf(organizationId: string, assetIds: string[]): Promise<Map<string, string[]>> {
    const byAsset = new Map<string, string[]>();
    if (assetIds.length === 0) return byAsset;
    const rows = await db
      .selectFrom("creative_asset_tags")
      .select(["asset_id", "tag"])
      .where("organization_id", "=", organizationId)
      .where("asset_id", "in", assetIds)
      .orderBy("tag")
      .execute();
    for (const row of rows) byAsset.set(row.asset_id, [...(byAsset.get(row.asset_id) ?? []), row.tag]);
    return byAsset;
  }

  function filtered(organizationId: string, query: Omit<AssetQuery, "limit" | "offset">) {
    let builder = db.selectFrom("creative_assets as a").where("a.organization_id", "=", organizationId);
    if (query.kind !== "all") builder = builder.where("a.kind", "=", query.kind);
    if (query.search)
      builder = builder.where(
        (eb) =>
          sql<boolean>`(lower(${eb.ref("a.name")}) like ${likePattern(query.search)} escape '\\' or exists (
            select 1 from creative_asset_tags t where t.asset_id = ${eb.ref("a.id")}
            and t.tag like ${likePattern(query.search)} escape '\\'))`,
      );
    if (query.tag) {
      const tag = query.tag;
      builder = builder.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("creative_asset_tags as t")
            .select("t.tag")
            .whereRef("t.asset_id", "=", "a.id")
            .where("t.organization_id", "=", organizationId)
            .where("t.tag", "=", tag),
        ),
      );
    }
    return builder;
  }

  return {
    async insert(asset: NewAsset): Promise<void> {
      await db
        .insertInto("creative_assets")
        .values({
          id: asset.id,
          organization_id: asset.organizationId,
          uploaded_by: asset.uploadedBy,
          uploaded_by_name: asset.uploadedByName,
          name: asset.name,
          kind: asset.kind,
          content_type: asset.contentType,
          byte_size: asset.byteSize,
          width: asset.width,
          height: asset.height,
          duration_ms: asset.durationMs,
          original_key: asset.originalKey,
          file_key: asset.fileKey,
          file_content_type: asset.fileContentType,
          thumbnail_key: asset.thumbnailKey,
        })
        .execute();
    },

    async find(organizationId: string, assetId: string): Promise<AssetRecord | null> {
      const row = await db
        .selectFrom("creative_assets")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("id", "=", assetId)
        .executeTakeFirst();
      if (!row) return null;
      return toRecord(row, (await tagsOf(organizationId, [assetId])).get(assetId) ?? []);
    },

    async list(organizationId: string, query: AssetQuery): Promise<{ items: AssetRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(organizationId, query)
          .selectAll("a")
          .orderBy("a.created_at", "desc")
          .orderBy("a.id", "desc")
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        filtered(organizationId, query)
          .select((eb) => eb.fn.countAll<number | string>().as("total"))
          .executeTakeFirst(),
      ]);
      const tags = await tagsOf(
        organizationId,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => toRecord(row, tags.get(row.id) ?? [])),
        total: Number(count?.total ?? 0),
      };
    },

    /** Every tag in use in the organization, for the tag filter. */
    async allTags(organizationId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("creative_asset_tags")
        .select("tag")
        .distinct()
        .where("organization_id", "=", organizationId)
        .orderBy("tag")
        .execute();
      return rows.map((row) => row.tag);
    },

    async rename(organizationId: string, assetId: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable("creative_assets")
        .set({ name, updated_at: sql`CURRENT_TIMESTAMP` })
        .where("organization_id", "=", organizationId)
        .where("id", "=", assetId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Replaces the creative's tags in one transaction. */
    async setTags(organizationId: string, assetId: string, tags: string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("creative_assets")
          .set({ updated_at: sql`CURRENT_TIMESTAMP` })
          .where("organization_id", "=", organizationId)
          .where("id", "=", assetId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx
          .deleteFrom("creative_asset_tags")
          .where("organization_id", "=", organizationId)
          .where("asset_id", "=", assetId)
          .execute();
        if (tags.length > 0)
          await trx
            .insertInto("creative_asset_tags")
            .values(tags.map((tag) => ({ asset_id: assetId, organization_id: organizationId, tag })))
            .execute();
        return true;
      });
    },

    async delete(organizationId: string, assetId: string): Promise<void> {
      await db
        .deleteFrom("creative_assets")
        .where("organization_id", "=", organizationId)
        .where("id", "=", assetId)
        .execute();
    },
  };
}

export type AssetRepository = ReturnType<typeof createAssetRepository>;
