/** Paging rules shared by every list (CONTRACT.md §2 "Shared behaviours", §9): pages = ceil(total / page size). */
import { PAGE_SIZE } from '../../../shared/constants';

/** The number of pages for `total` records; at least 1, so an empty list still has page 1. */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The page a `?page=` value asks for: a whole number from 1 up, anything else is page 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return Math.max(page, 1);
}

/** 'Showing 11–20 of 23' style bounds of one page: the first and last record numbers (1-based). */
export function pageRange(page: number, total: number, pageSize = PAGE_SIZE): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}
