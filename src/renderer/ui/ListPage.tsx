import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper, { type PaperProps } from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { SearchField } from './SearchField';
import { toastError } from './toast';
import { useLoadMoreNearBottom } from './useLoadMoreNearBottom';

interface ListPageProps {
  title: string;
  /** The list's total, shown after the title once known. */
  count?: number;
  search?: { label: string; value: string; onChange(value: string): void };
  /** The page's own filters, after the search. */
  filters?: ReactNode;
  /** The page's own actions, beside the add button (a menu). */
  actions?: ReactNode;
  addLabel: string;
  /** Gets the click, for an add button that opens a menu. */
  onAdd(event: MouseEvent<HTMLElement>): void;
  /** The list (a ListPanel or ListTable) and the page's dialogs. */
  children: ReactNode;
}

/** A list screen: the title, search and add button over the list, filling the page's height. */
export function ListPage({
  title,
  count,
  search,
  filters,
  actions,
  addLabel,
  onAdd,
  children,
}: ListPageProps) {
  // A title with only the add button fits any width; with a search (and more so with the page's own
  // controls) the header stacks on narrow screens.
  const more = filters !== undefined || actions !== undefined;
  const stackBelow = more ? 'md' : 'sm';
  const direction = search || more ? ({ xs: 'column', [stackBelow]: 'row' } as const) : 'row';
  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
      {addLabel}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack
        direction={direction}
        spacing={2}
        sx={{
          alignItems: direction === 'row' ? 'center' : { [stackBelow]: 'center' },
          flexWrap: more ? 'wrap' : undefined,
        }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
          {count !== undefined && ` (${count})`}
        </Typography>
        {search && <SearchField {...search} />}
        {filters}
        {actions ? (
          // On a phone the page's actions and the add button wrap rather than push the page wider.
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {actions}
            {add}
          </Stack>
        ) : (
          add
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** What a list panel reads of its query: infinite lists add the paging; a one-shot list has none. */
export interface ListQuery {
  isPending: boolean;
  error: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?(): unknown;
}

const noNextPage = () => undefined;

interface ListPanelProps extends Pick<PaperProps, 'role' | 'aria-label' | 'aria-busy'> {
  list: ListQuery;
  rowCount: number;
  loadingLabel: string;
  /** The scrolling element, for a caller that needs it too (a virtualizer). */
  scroller?: RefObject<HTMLDivElement | null>;
  /** Stays above the scrolling rows (a grid's header row). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The outlined, scrolling body of a list: loads the next page near the bottom (1-attendance §9), shows a
 * bar while it comes and toasts a failed load.
 */
export function ListPanel({
  list,
  rowCount,
  loadingLabel,
  scroller,
  header,
  children,
  ...aria
}: ListPanelProps) {
  const ownScroller = useRef<HTMLDivElement>(null);
  const scrollBox = scroller ?? ownScroller;
  const loadMoreIfNearBottom = useLoadMoreNearBottom(
    scrollBox,
    {
      hasNextPage: list.hasNextPage ?? false,
      isFetchingNextPage: list.isFetchingNextPage ?? false,
      fetchNextPage: list.fetchNextPage ?? noNextPage,
    },
    rowCount,
  );

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  return (
    <Paper
      variant="outlined"
      {...aria}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflow: 'hidden' }}
    >
      {header}
      <Box
        ref={scrollBox}
        onScroll={loadMoreIfNearBottom}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}
      >
        {children}
      </Box>
      {list.isFetchingNextPage && <LinearProgress aria-label={loadingLabel} />}
    </Paper>
  );
}
