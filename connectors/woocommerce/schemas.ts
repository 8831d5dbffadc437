import { z } from "zod";

/** WP_Error as JSON: `{"code","message","data":{"status"}}`. */
export const wooErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().optional() }).loose().nullish(),
});

/** The body the store POSTs to our callback_url when the owner approves. */
export const wooKeysSchema = z.object({
  key_id: z.union([z.number(), z.string()]).transform((value) => String(value)),
  user_id: z.union([z.number(), z.string()]).transform((value) => String(value)),
  consumer_key: z.string().regex(/^ck_/, "a consumer key starts with ck_"),
  consumer_secret: z.string().regex(/^cs_/, "a consumer secret starts with cs_"),
  key_permissions: z.enum(["read", "write", "read_write"]),
});

/** The WordPress REST index (`/wp-json/`): the site's name and time zone. */
export const wooSiteSchema = z.object({
  name: z.string(),
  timezone_string: z.string().nullish(),
  gmt_offset: z.union([z.number(), z.string()]).nullish(),
});
export type WooSite = z.infer<typeof wooSiteSchema>;

export const wooCurrencySchema = z.object({ code: z.string().length(3) });

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "a decimal string");

export const wooOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  currency: z.string().length(3),
  total: decimalString,
  date_created_gmt: z.string(),
  refunds: z.array(z.object({ id: z.number(), total: decimalString })).default([]),
  meta_data: z.array(z.object({ key: z.string(), value: z.unknown() })).default([]),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;
export const wooOrdersSchema = z.array(wooOrderSchema);
