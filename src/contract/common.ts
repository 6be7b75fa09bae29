import { z } from './zod.ts';

// Any RFC 9562-shaped UUID of any version: a deployment may mint v4 or time-ordered v7, and
// fixtures may use the nil UUID. RFC 9562 says UUIDs compare case-insensitively, so any case
// is accepted and the output is lower case, matching path ids (`uuidParam`) and stored ids.
// `.toLowerCase()` rather than `.transform()`: the schema stays a ZodUUID (its input and
// output are both string, and z.toJSONSchema can still describe it).
export const UuidSchema = z.uuid().check(z.toLowerCase());
export type Uuid = z.infer<typeof UuidSchema>;

// The spec's timestamps are UTC, so an offset other than `Z` means the sender is wrong, not
// that we should convert. zod also rejects impossible dates such as 2024-02-30T00:00:00Z.
export const TimestampSchema = z.iso.datetime({
  error: 'must be an ISO 8601 UTC date-time such as 2024-05-01T12:00:00Z',
});
export type Timestamp = z.infer<typeof TimestampSchema>;

// zod 4 checks the day against the month and leap years (1980-02-30 and 2023-02-29 fail);
// the tests pin that, so a zod upgrade that loosens it is caught.
export const CalendarDateSchema = z.iso.date({
  error: 'must be a real calendar date as YYYY-MM-DD',
});
export type CalendarDate = z.infer<typeof CalendarDateSchema>;

export const NonEmptyStringSchema = z.string().check(z.minLength(1, 'must not be empty'));
export type NonEmptyString = z.infer<typeof NonEmptyStringSchema>;

// A lenient string map for responses (metadata, presigned form fields): the limits belong to
// what we accept, not to what we read back.
export const StringMapSchema = z.record(z.string(), z.string());
export type StringMap = z.infer<typeof StringMapSchema>;

// For refinements over a whole body: by default zod runs them even after an unknown key or a
// bad field, which would add a second, misleading message ("send at least one field").
export const onlyIfValid = (payload: z.core.ParsePayload) => payload.issues.length === 0;

/**
 * A record's limits, each an issue of its own: at most `maxKeys` keys (`tooMany`), and every key
 * passing `keyOk` (`badKey`, at the key's path).
 */
export const recordLimits = (
  maxKeys: number,
  tooMany: string,
  keyOk: (key: string) => boolean,
  badKey: string,
) =>
  z.superRefine((map: Record<string, unknown>, ctx) => {
    const keys = Object.keys(map);
    if (keys.length > maxKeys) ctx.addIssue({ code: 'custom', message: tooMany });
    for (const key of keys) {
      if (!keyOk(key)) ctx.addIssue({ code: 'custom', path: [key], message: badKey });
    }
  });

export const ErrorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const PaginationSchema = z.object({
  totalCount: z.int().check(z.nonnegative()),
  nextCursor: z.string(),
  previousCursor: z.string(),
  countExceedsLimit: z.optional(z.boolean()),
});
export type Pagination = z.infer<typeof PaginationSchema>;

type EnvelopeShape<K extends string, T extends z.ZodMiniType> = { [P in K]: z.ZodMiniArray<T> } & {
  pagination: typeof PaginationSchema;
};

// The spec names the page key after the resource (`firms`, `qcRequests`, ...), never `data`.
export function listEnvelope<K extends string, T extends z.ZodMiniType>(key: K, itemSchema: T) {
  // A computed key widens to `{[x: string]: ...}`; the cast restores the literal key. It
  // types a schema we build here, not data off the wire.
  const shape = { [key]: z.array(itemSchema), pagination: PaginationSchema } as EnvelopeShape<K, T>;
  return z.object(shape);
}

export const OrderDirectionSchema = z.enum(['asc', 'desc']);
export type OrderDirection = z.infer<typeof OrderDirectionSchema>;

export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = 100;

// Query strings arrive as text; z.coerce.number() would also take ' 5', '1e2' and '0x10'.
// Numbers are accepted too so a client can validate the params it is about to send.
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`;
export const ListLimitSchema = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\d{1,4}$/, LIMIT_MESSAGE))], {
      error: LIMIT_MESSAGE,
    }),
    z.transform(Number),
  ),
  z.int(LIMIT_MESSAGE).check(z.gte(1, LIMIT_MESSAGE)).check(z.lte(MAX_LIST_LIMIT, LIMIT_MESSAGE)),
);

// Not strict: areas `.extend()` this with their own filters, and an HTTP query commonly
// carries parameters a server ignores (cache busters, tracking).
export const ListQuerySchema = z.object({
  owner: z.string({ error: 'owner is required' }).check(z.minLength(1, 'owner is required')),
  limit: z.optional(ListLimitSchema),
  cursor: z.optional(z.string()),
  orderBy: z.optional(z.string()),
  orderDirection: z.optional(OrderDirectionSchema),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
export type ListQueryInput = z.input<typeof ListQuerySchema>;

/**
 * The service prefixes of the spec besides /auth, plus the reference's sandbox controls: the
 * service guards them with a token, and the gateway proxies exactly these under /api.
 */
export const API_PREFIXES = ['accounts', 'files', 'qc', 'signatures', 'users', 'sandbox'] as const;
export type ApiPrefix = (typeof API_PREFIXES)[number];
