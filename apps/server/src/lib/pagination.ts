/**
 * Page/limit pagination for list endpoints (the spec's calls use `?page&limit`). Each list is
 * ordered by a unique key (created_at DESC, id DESC) backed by an index, so pages never overlap.
 * The query schemas are in the contract (`pageQuerySchema`); these are the server's helpers.
 */

export interface PageRequest {
  page: number;
  limit: number;
}

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Hard cap whatever a caller asks for. */
export const MAX_PAGE_SIZE = 100;

export function normalizePage(req: Partial<PageRequest>, defaultLimit = 50): PageRequest {
  const page = Number.isInteger(req.page) && (req.page as number) >= 1 ? (req.page as number) : 1;
  const rawLimit = Number.isInteger(req.limit) && (req.limit as number) >= 1 ? (req.limit as number) : defaultLimit;
  return { page, limit: Math.min(rawLimit, MAX_PAGE_SIZE) };
}

export function pageOffset(req: PageRequest): number {
  return (req.page - 1) * req.limit;
}

export function pageInfo(req: PageRequest, total: number): PageInfo {
  return { page: req.page, limit: req.limit, total, totalPages: Math.ceil(total / req.limit) };
}
