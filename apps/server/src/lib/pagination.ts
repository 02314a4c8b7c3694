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

export function pageOffset(req: PageRequest): number {
  return (req.page - 1) * req.limit;
}

export function pageInfo(req: PageRequest, total: number): PageInfo {
  return { page: req.page, limit: req.limit, total, totalPages: Math.ceil(total / req.limit) };
}
