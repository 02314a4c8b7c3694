import type { Pagination } from '@atelier/contract';
import { Button } from '../../../components/ui/Button';

/** Previous / next under a console list, with where the reader is. */
export function Pager({ pagination, onPage, label }: { pagination: Pagination; onPage: (page: number) => void; label: string }) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between text-sm text-stone-500">
      <span>
        Page {pagination.page} of {pagination.totalPages} · {pagination.total} in all
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={pagination.page >= pagination.totalPages} onClick={() => onPage(pagination.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
