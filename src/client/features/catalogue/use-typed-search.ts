import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ShopFilters, ShopFiltersChange } from "./shop-filters.tsx";

const SEARCH_DELAY_MS = 300;

/**
 * The search as typed, sent to the address after a pause: the first change of a search adds a history entry,
 * the next ones replace it; Enter sends it at once.
 */
export function useTypedSearch(filters: ShopFilters, onChange: ShopFiltersChange) {
  const [search, setSearch] = useState(filters.q ?? "");
  /** Whether this search, typed since the last choice, already has its history entry. */
  const typing = useRef(false);

  /**
   * The search this bar last put in the address. The address catching up with it must not put the field back
   * to it: what was typed after the pause, before the page drew again, would be lost ("rice" became "rie").
   */
  const sent = useRef(filters.q);

  useEffect(() => {
    if (filters.q !== sent.current) setSearch(filters.q ?? "");
    sent.current = filters.q;
  }, [filters.q]);

  useEffect(() => {
    const q = search.trim() || undefined;
    if (q === (filters.q ?? undefined)) return;
    const timer = window.setTimeout(() => {
      sent.current = q;
      onChange({ ...filters, q }, { replace: typing.current });
      typing.current = true;
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  /** A choice (category, sort, liked): an entry of its own, and the next search typed starts a new one. */
  const choose = (next: ShopFilters) => {
    typing.current = false;
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = search.trim() || undefined;
    if (q !== (filters.q ?? undefined)) {
      sent.current = q;
      onChange({ ...filters, q }, { replace: typing.current });
    }
    typing.current = false;
  };
  return { search, setSearch, choose, submit };
}
