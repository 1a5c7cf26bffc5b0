import AddIcon from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
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
import { type QuickMessage, quickMessageReadOnlyFor } from '../../../shared/api/quick-messages';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useLoadMoreNearBottom } from '../../ui/useLoadMoreNearBottom';
import { QuickMessageDialog } from './QuickMessageDialog';
import { useDeleteQuickMessage, useQuickMessagesList, useQuickMessagesRealtime } from './useQuickMessages';

const COLUMNS = 4;

/** Route /quick-messages (3-automation §2): every user manages the quick messages they may change. */
export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: a new quick message.
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const list = useQuickMessagesList(searchParam);
  const deleteQuickMessage = useDeleteQuickMessage();
  const scroller = useRef<HTMLDivElement>(null);
  useQuickMessagesRealtime();

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const loadMoreIfNearBottom = useLoadMoreNearBottom(scroller, list, records.length);

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  const confirmDelete = async () => {
    const quickMessage = toDelete;
    setToDelete(null);
    if (!quickMessage) return;
    try {
      await deleteQuickMessage.mutateAsync(quickMessage.id);
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
        </Typography>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          {t('page.add')}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <TableContainer ref={scroller} onScroll={loadMoreIfNearBottom} sx={{ flex: 1, minHeight: 0 }}>
          <Table stickyHeader size="small" aria-label={t('page.title')} aria-busy={list.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('table.shortcode')}</TableCell>
                <TableCell>{t('table.attachment')}</TableCell>
                <TableCell align="center">{t('table.status')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows label={t('page.loading')} columns={COLUMNS} />
              ) : (
                records.map((quickMessage) => (
                  <QuickMessageRow
                    key={quickMessage.id}
                    quickMessage={quickMessage}
                    onEdit={() => setEditing(quickMessage)}
                    onDelete={() => setToDelete(quickMessage)}
                  />
                ))
              )}
            </TableBody>
          </Table>
          {!list.isPending && records.length === 0 && (
            <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
          )}
        </TableContainer>
        {list.isFetchingNextPage && <LinearProgress aria-label={t('page.loading')} />}
      </Paper>

      {editing !== undefined && (
        <QuickMessageDialog quickMessage={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirmDelete.title', { shortcode: toDelete?.shortcode ?? '' })}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}

interface RowProps {
  quickMessage: QuickMessage;
  onEdit(): void;
  onDelete(): void;
}

function QuickMessageRow({ quickMessage, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('quickMessages');
  const userId = useCurrentUser().id;
  // 3-automation §6: another user's shared, not general, message is read-only here.
  const readOnly = quickMessageReadOnlyFor(quickMessage, userId);
  const { shortcode } = quickMessage;
  return (
    <TableRow hover>
      <TableCell>{shortcode}</TableCell>
      <TableCell>{quickMessage.mediaName}</TableCell>
      <TableCell align="center">
        {quickMessage.geral && (
          <CheckCircle color="success" fontSize="small" titleAccess={t('table.general')} />
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {readOnly ? (
          <Typography variant="caption" color="text.secondary">
            {t('table.readOnly')}
          </Typography>
        ) : (
          <>
            <Tooltip title={t('table.edit', { shortcode })}>
              <IconButton size="small" aria-label={t('table.edit', { shortcode })} onClick={onEdit}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('table.delete', { shortcode })}>
              <IconButton size="small" aria-label={t('table.delete', { shortcode })} onClick={onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
