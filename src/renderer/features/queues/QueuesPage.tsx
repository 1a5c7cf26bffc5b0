import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueSummary } from '../../../shared/api/queues';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import NoPermission from '../../ui/NoPermission';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { toast, toastError } from '../../ui/toast';
import { QueueDialog } from './QueueDialog';
import { useDeleteQueue, useQueues, useQueuesRealtime } from './useQueues';

const COLUMNS = 5;

/** Route /queues (2-administration §2.5): admins manage queues; profile `user` sees the no-permission view. */
export default function QueuesPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <QueuesScreen /> : <NoPermission />;
}

function QueuesScreen() {
  const { t } = useTranslation('queues');
  const queues = useQueues();
  const deleteQueue = useDeleteQueue();
  // undefined: closed; null: a new queue.
  const [editing, setEditing] = useState<QueueSummary | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<QueueSummary | null>(null);
  useQueuesRealtime();

  useEffect(() => {
    if (queues.error) toastError(queues.error);
  }, [queues.error]);

  const list = queues.data ?? [];

  const confirmDelete = async () => {
    const queue = toDelete;
    setToDelete(null);
    if (!queue) return;
    try {
      await deleteQueue.mutateAsync(queue.id);
      toast.success(t('deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          {t('page.add')}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <TableContainer sx={{ flex: 1, minHeight: 0 }}>
          <Table stickyHeader size="small" aria-label={t('page.title')} aria-busy={queues.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('table.name')}</TableCell>
                <TableCell>{t('table.color')}</TableCell>
                <TableCell>{t('table.greeting')}</TableCell>
                <TableCell align="center">{t('table.order')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queues.isPending ? (
                <SkeletonRows label={t('page.loading')} columns={COLUMNS} rows={3} />
              ) : (
                list.map((queue) => (
                  <QueueRow
                    key={queue.id}
                    queue={queue}
                    onEdit={() => setEditing(queue)}
                    onDelete={() => setToDelete(queue)}
                  />
                ))
              )}
            </TableBody>
          </Table>
          {!queues.isPending && list.length === 0 && (
            <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
          )}
        </TableContainer>
      </Paper>

      {editing !== undefined && (
        <QueueDialog queue={editing} queueCount={list.length} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirmDelete.title')}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}

function QueueRow({
  queue,
  onEdit,
  onDelete,
}: {
  queue: QueueSummary;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('queues');
  return (
    <TableRow hover>
      <TableCell>{queue.name}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: queue.color, flexShrink: 0 }}
          />
          <span>{queue.color}</span>
        </Stack>
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography variant="body2" noWrap title={queue.greetingMessage ?? undefined}>
          {queue.greetingMessage}
        </Typography>
      </TableCell>
      <TableCell align="center">{queue.orderQueue}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('table.edit', { name: queue.name })}>
          <IconButton size="small" aria-label={t('table.edit', { name: queue.name })} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('table.delete', { name: queue.name })}>
          <IconButton size="small" aria-label={t('table.delete', { name: queue.name })} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
