/** The paging of every list the server answers by pageNumber with hasMore: page 1 first, then the next. */
export const pagedByNumber = {
  initialPageParam: 1,
  getNextPageParam: (last: { hasMore: boolean }, pages: unknown[]) =>
    last.hasMore ? pages.length + 1 : undefined,
};
