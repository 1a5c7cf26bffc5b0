import { type RefObject, useCallback, useEffect } from 'react';

/** 1-attendance §9: the next page loads within 100 px of the bottom. */
const LOAD_MORE_WITHIN_PX = 100;

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * The scroller's onScroll handler that loads the next page near the bottom. It also runs whenever
 * `rowCount` changes: a page that does not fill the box cannot be scrolled.
 */
export function useLoadMoreNearBottom(
  scroller: RefObject<HTMLElement | null>,
  { hasNextPage, isFetchingNextPage, fetchNextPage }: Pages,
  rowCount: number,
) {
  const loadMore = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_WITHIN_PX) void fetchNextPage();
  }, [scroller, hasNextPage, isFetchingNextPage, fetchNextPage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the row count changes
  useEffect(loadMore, [rowCount, loadMore]);
  return loadMore;
}
