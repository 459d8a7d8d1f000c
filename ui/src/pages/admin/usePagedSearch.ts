/** A search box and a page number for a paged admin list; a new search or filter starts at page 1. */
import { useCallback, useEffect, useState } from "react";
import type { Paged } from "../../api/admin.ts";
import { useDebounced } from "../../hooks/useDebounced.ts";

export interface PagedSearch {
  /** The text in the box. */
  search: string;
  setSearch: (text: string) => void;
  /** The search to send: trimmed, once typing has paused. */
  q: string;
  page: number;
  setPage: (page: number) => void;
}

/** `filters` names the list's other filters (role, action…): when they change, the page goes back to 1. */
export function usePagedSearch(filters = ""): PagedSearch {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim());
  const key = `${q}\n${filters}`;
  const [stored, setStored] = useState({ key, page: 1 });
  const page = stored.key === key ? stored.page : 1;
  const setPage = useCallback((next: number) => setStored({ key, page: next }), [key]);
  return { search, setSearch, q, page, setPage };
}

/** When the last row of the last page goes (deleted), shows the page that is now the last. */
export function useStayInRange(data: Paged<unknown> | undefined, loading: boolean, setPage: (page: number) => void): void {
  useEffect(() => {
    if (data && !loading && data.items.length === 0 && data.page > 1) setPage(Math.max(1, Math.ceil(data.total / data.per_page)));
  }, [data, loading, setPage]);
}
