import { z } from 'zod';
import { messages } from './messages.js';

export const DEFAULT_PAGE_SIZE = 25;
/** Reference lists ask for 1e5 or 1e6 rows; the server answers at most this many. */
export const MAX_PAGE_SIZE = 1000;

const positiveInt = (fallback: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => {
      // Number() reads "1e6" as a million, as the reference lists send it.
      const n = typeof value === 'number' ? value : Number(value ?? '');
      if (!Number.isFinite(n) || n < 1) return fallback;
      return Math.min(Math.floor(n), max);
    });

const makeListQuerySchema = (defaultLimit: number) =>
  z.object({
    page: positiveInt(1, 1_000_000),
    limit: positiveInt(defaultLimit, MAX_PAGE_SIZE),
    q: z
      .string()
      .max(200, messages.searchTooLong)
      .optional()
      .transform((value) => value?.trim() || undefined),
  });

export const listQuerySchema = makeListQuerySchema(DEFAULT_PAGE_SIZE);
/** The menu is read whole: 50 entries by default. */
export const userCategoriesQuerySchema = makeListQuerySchema(50);
export type ListQuery = z.infer<typeof listQuerySchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  startIndex: z.number().int(),
  endIndex: z.number().int(),
  /**
   * Absent when `total` is exact. `about`: an estimate (a broad search of a large list);
   * `atLeast`: matches were counted up to a bound and reached it. There may be pages past `pages`.
   */
  totalIs: z.enum(['about', 'atLeast']).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const listResponseSchema = <T extends z.ZodTypeAny>(item: T) => paginationSchema.extend({ data: z.array(item) });
export type ListResponse<T> = Pagination & { data: T[] };

/** startIndex and endIndex are 1-based and inclusive, ready for "start - end of total". */
export function paginate(total: number, page: number, limit: number, count: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  const startIndex = count === 0 ? 0 : (page - 1) * limit + 1;
  const endIndex = count === 0 ? 0 : startIndex + count - 1;
  return { total, page, pages, startIndex, endIndex };
}
