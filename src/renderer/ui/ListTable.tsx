import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ListPanel, type ListQuery } from './ListPage';
import { SkeletonRows } from './SkeletonRows';

interface ListColumn {
  label: string;
  align?: TableCellProps['align'];
}

interface ListTableProps {
  /** The table's accessible name. */
  label: string;
  loadingLabel: string;
  columns: readonly ListColumn[];
  list: ListQuery;
  rowCount: number;
  empty: { title: string; message: string };
  /** Placeholder rows while the first page loads. */
  skeletonRows?: number;
  /** The rows. */
  children: ReactNode;
}

/**
 * On a phone a table keeps its columns whole and scrolls sideways, and its last column (the row's actions,
 * in every list) stays pinned at the right edge, so the actions are always in reach.
 */
const narrowTable = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    '& th, & td': { whiteSpace: 'nowrap' },
    '& th:last-of-type, & td:last-of-type': {
      position: 'sticky',
      right: 0,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
      boxShadow: `-6px 0 6px -6px ${theme.palette.text.secondary}`,
    },
    '& th:last-of-type': { zIndex: 3 },
  },
});

/** A list page's table: sticky header, placeholder rows while loading, the empty state, paging by scroll. */
export function ListTable({
  label,
  loadingLabel,
  columns,
  list,
  rowCount,
  empty,
  skeletonRows,
  children,
}: ListTableProps) {
  return (
    <ListPanel list={list} rowCount={rowCount} loadingLabel={loadingLabel}>
      <Table stickyHeader size="small" aria-label={label} aria-busy={list.isPending} sx={narrowTable}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.isPending ? (
            <SkeletonRows label={loadingLabel} columns={columns.length} rows={skeletonRows} />
          ) : (
            children
          )}
        </TableBody>
      </Table>
      {!list.isPending && rowCount === 0 && <EmptyState {...empty} />}
    </ListPanel>
  );
}

/** The last cell of a row, holding its action buttons. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </TableCell>
  );
}

/** A row's icon button, named (and hinted) by what it does to the row. */
export function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The usual last cell of a record's row: edit, and delete where the caller may delete. */
export function EditDeleteCell({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  /** Left out where the row may not be deleted. */
  onDelete?: () => void;
  /** The row's other actions (RowAction), before edit. */
  children?: ReactNode;
}) {
  return (
    <ActionsCell>
      {children}
      <RowAction label={editLabel} icon={<EditIcon fontSize="small" />} onClick={onEdit} />
      {onDelete && (
        <RowAction label={deleteLabel} icon={<DeleteIcon fontSize="small" />} onClick={onDelete} />
      )}
    </ActionsCell>
  );
}
