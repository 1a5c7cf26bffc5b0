import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface QueryListProps<T> {
  query: { isLoading: boolean; isError: boolean; data?: readonly T[] };
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  /** The list's accessible name. */
  label?: string;
  /** One keyed ListItem. */
  children(item: T): ReactNode;
}

/** A short list read from the server (in a dialog): a spinner, the error, an empty text or the items. */
export function QueryList<T>({
  query,
  loadingLabel,
  errorText,
  emptyText,
  label,
  children,
}: QueryListProps<T>) {
  return (
    <>
      {query.isLoading && <CircularProgress aria-label={loadingLabel} />}
      {query.isError && <Alert severity="error">{errorText}</Alert>}
      {query.data?.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {query.data && query.data.length > 0 && (
        <List dense aria-label={label}>
          {query.data.map(children)}
        </List>
      )}
    </>
  );
}
