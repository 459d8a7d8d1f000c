/**
 * A paged admin list in a card: its filters (a search form), then the list in all its states: the
 * failure with Try again, a spinner until the first page, the empty state, then the table (dimmed
 * while the next page loads) and the pagination under it.
 */
import type { ReactNode } from "react";
import type { Paged } from "../../api/admin.ts";
import { errorMessage } from "../../api/client.ts";
import { Card } from "../../components/Card.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import type { Loaded } from "../../hooks/useLoad.ts";

export interface PagedListProps<Row> {
  /** The card's heading (none when the page's title says it). */
  title?: string;
  /** The fields that filter the list, in a search form named `caption`. */
  filters: ReactNode;
  /** Dialogs that belong to the list. */
  children?: ReactNode;
  list: Pick<Loaded<Paged<Row>>, "data" | "loading" | "failed" | "error" | "reload">;
  /** The message of a failed load when the server gives none. */
  failed: string;
  /** "users", "files", "entries". */
  noun: string;
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** The empty state (no rows, or none matching the filters). */
  empty: ReactNode;
  onPage: (page: number) => void;
}

export function PagedList<Row>({ title, filters, children, ...rest }: PagedListProps<Row>) {
  return (
    <Card title={title} className="admin-card">
      <div className="stack">
        <form className="admin-filters" role="search" aria-label={rest.caption} onSubmit={(event) => event.preventDefault()}>
          {filters}
        </form>
        <ListBody {...rest} />
      </div>
      {children}
    </Card>
  );
}

function ListBody<Row>({ list, failed, noun, caption, columns, rowKey, empty, onPage }: Omit<PagedListProps<Row>, "title" | "filters" | "children">) {
  const { data, loading } = list;
  if (list.failed) return <RetryAlert onRetry={list.reload}>{errorMessage(list.error, failed)}</RetryAlert>;
  if (!data) return <Spinner label={`Loading ${noun}…`} />;
  return (
    <>
      {data.items.length === 0 ? (
        empty
      ) : (
        <div className={loading ? "admin-table is-loading" : "admin-table"} aria-busy={loading}>
          <Table caption={caption} columns={columns} rows={data.items} rowKey={rowKey} />
        </div>
      )}
      <Pagination page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} noun={noun} busy={loading} />
    </>
  );
}
