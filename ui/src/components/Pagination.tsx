/** "Showing 26–50 of 130" with Previous and Next, under a paged table. Renders nothing for an empty list. */
import { Button } from "./Button.tsx";

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  /** What the rows are ("users", "entries"), for the count and the buttons' names. */
  noun: string;
  /** While the next page loads. */
  busy?: boolean;
}

export function Pagination({ page, perPage, total, onPage, noun, busy = false }: PaginationProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="pagination__status" aria-live="polite">
        {first}–{last} of {total.toLocaleString()} {noun}
        {pages > 1 && <span className="muted"> · page {page} of {pages.toLocaleString()}</span>}
      </p>
      {pages > 1 && (
        <div className="pagination__buttons">
          <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
            Previous<span className="visually-hidden"> page of {noun}</span>
          </Button>
          <Button size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
            Next<span className="visually-hidden"> page of {noun}</span>
          </Button>
        </div>
      )}
    </nav>
  );
}
