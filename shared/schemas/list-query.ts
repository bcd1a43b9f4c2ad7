/**
 * Query fields the lists share: `page` (1-based) and `limit` (the list's page size by default, at most
 * MAX_PAGE_SIZE), `all=true` for pickers, and a date filter. Query values arrive as text; page and limit are
 * read as numbers the way the lists always have.
 */
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { dateTimeField } from './common';
import * as z from './z';

export const PAGE_MESSAGE = 'page must be a whole number from 1';
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

const MAX_PAGE = 100_000;

const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform(Number).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, message)),
  );

/** `page` and `limit`, first in a list's query so a paging problem is the one reported. */
export const pagingFields = (pageSize = PAGE_SIZE) => ({
  page: z._default(wholeNumber(1, MAX_PAGE, PAGE_MESSAGE), 1).check(z.describe('The page, from 1 (1 when left out).')),
  limit: z
    ._default(wholeNumber(1, MAX_PAGE_SIZE, LIMIT_MESSAGE), pageSize)
    .check(z.describe(`Rows per page, 1 to ${MAX_PAGE_SIZE} (${pageSize} when left out).`)),
});

export const pagingQuery = (pageSize = PAGE_SIZE) => z.object(pagingFields(pageSize));

/** A page's `next` or `prev` (ListPage): `after:` or `before:` the sort key of that page's last or first row. */
export const PAGE_CURSOR = /^(after|before):\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9A-HJKMNP-TV-Z]{26}$/;

/** `cursor`: read the page next to the one that gave it, in one read, instead of counting pages from the first. */
export const cursorField = z
  .optional(z.string().check(z.regex(PAGE_CURSOR, 'Not a valid page cursor')))
  .check(z.describe("The `next` or `prev` of the neighbouring page (with `page` set to this page's number)."));

/** `all=true`: the whole list at once, for pickers (any other value is the paged list). */
export const allFlag = z
  .pipe(
    z.optional(z.string()),
    z.transform((value) => value === 'true'),
  )
  .check(z.describe('`true`: the whole list at once (no paging), for pickers.'));

/** A day (`date`, YYYY-MM-DD, UTC) or explicit instants (`from`/`to`: the bounds of the local day picked). */
export const dateRangeFields = {
  date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD'))),
  from: z.optional(dateTimeField('Enter a valid date')),
  to: z.optional(dateTimeField('Enter a valid date')),
};
