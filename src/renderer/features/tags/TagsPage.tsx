import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagWithCounts } from '../../../shared/api/tags';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ColorChip } from '../../ui/ColorChip';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useLoadMoreNearBottom } from '../../ui/useLoadMoreNearBottom';
import { TagDialog } from './TagDialog';
import { useDeleteTag, useTagsList, useTagsRealtime } from './useTags';

const COLUMNS = 5;

/**
 * Route /tags: every user may search, add and edit tags (the chat creates them on the fly too); only
 * admins delete, since a deleted tag leaves every ticket and contact of the company.
 */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  const mayDelete = isAdmin(useCurrentUser());
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; tag: Tag | null }>({ open: false, tag: null });
  const [toDelete, setToDelete] = useState<Tag | null>(null);
  const list = useTagsList(searchParam);
  const deleteTag = useDeleteTag();
  const scroller = useRef<HTMLDivElement>(null);
  useTagsRealtime();

  const tags = list.data?.pages.flatMap((page) => page.tags) ?? [];
  const count = list.data?.pages[0]?.count;
  const loadMoreIfNearBottom = useLoadMoreNearBottom(scroller, list, tags.length);

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  const confirmDelete = async () => {
    const tag = toDelete;
    setToDelete(null);
    if (!tag) return;
    try {
      await deleteTag.mutateAsync(tag.id);
      toast.success(t('deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
          {count !== undefined && ` (${count})`}
        </Typography>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ open: true, tag: null })}
        >
          {t('page.add')}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <TableContainer ref={scroller} onScroll={loadMoreIfNearBottom} sx={{ flex: 1, minHeight: 0 }}>
          <Table stickyHeader size="small" aria-label={t('page.title')} aria-busy={list.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('table.name')}</TableCell>
                <TableCell align="right">{t('table.tickets')}</TableCell>
                <TableCell align="right">{t('table.contacts')}</TableCell>
                <TableCell>{t('table.kanban')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows label={t('page.loading')} columns={COLUMNS} />
              ) : (
                tags.map((tag) => (
                  <TagRow
                    key={tag.id}
                    tag={tag}
                    onEdit={() => setDialog({ open: true, tag })}
                    onDelete={mayDelete ? () => setToDelete(tag) : undefined}
                  />
                ))
              )}
            </TableBody>
          </Table>
          {!list.isPending && tags.length === 0 && (
            <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
          )}
        </TableContainer>
        {list.isFetchingNextPage && <LinearProgress aria-label={t('page.loading')} />}
      </Paper>

      <TagDialog
        open={dialog.open}
        tag={dialog.tag}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirmDelete.title', { name: toDelete?.name ?? '' })}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}

function TagRow({ tag, onEdit, onDelete }: { tag: TagWithCounts; onEdit(): void; onDelete?: () => void }) {
  const { t } = useTranslation('tags');
  return (
    <TableRow hover>
      <TableCell>
        <ColorChip size="small" label={tag.name} color={tag.color} />
      </TableCell>
      <TableCell align="right">{tag.ticketsCount}</TableCell>
      <TableCell align="right">{tag.contactsCount}</TableCell>
      <TableCell>{tag.kanban === 1 ? t('table.yes') : t('table.no')}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('table.edit', { name: tag.name })}>
          <IconButton size="small" aria-label={t('table.edit', { name: tag.name })} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {onDelete && (
          <Tooltip title={t('table.delete', { name: tag.name })}>
            <IconButton size="small" aria-label={t('table.delete', { name: tag.name })} onClick={onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
