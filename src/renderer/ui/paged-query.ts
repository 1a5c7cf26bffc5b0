/** The paging of every list the server answers by pageNumber with hasMore: page 1 first, then the next. */
export const pagedByNumber = {
  initialPageParam: 1,
  getNextPageParam: (last: { hasMore: boolean }, pages: unknown[]) =>
    last.hasMore ? pages.length + 1 : undefined,
};

/** A page of a long list (GET /tickets, GET /messages): its number and the cursor the page before handed on. */
export interface PageParam {
  pageNumber: number;
  cursor?: string | undefined;
}

export const FIRST_PAGE: PageParam = { pageNumber: 1 };

/**
 * pagedByNumber with the cursor each page hands on: the next page is asked for with it, so the server
 * reads on from the last row the client has instead of counting its way to the page again.
 */
export const pagedByCursor = {
  initialPageParam: FIRST_PAGE,
  getNextPageParam: (
    last: { hasMore: boolean; cursor?: string | undefined },
    pages: unknown[],
  ): PageParam | undefined =>
    last.hasMore ? { pageNumber: pages.length + 1, cursor: last.cursor } : undefined,
};
