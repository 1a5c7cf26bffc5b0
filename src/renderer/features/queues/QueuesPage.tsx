import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueSummary } from '../../../shared/api/queues';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { QueueDialog } from './QueueDialog';
import { useDeleteQueue, useQueues, useQueuesRealtime } from './useQueues';

/** Route /queues (2-administration §2.5): admins manage queues; profile `user` sees the no-permission view. */
export default function QueuesPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <QueuesScreen /> : <NoPermission />;
}

function QueuesScreen() {
  const { t } = useTranslation('queues');
  const queues = useQueues();
  const deleteQueue = useDeleteQueue();
  const removal = useConfirmDelete({
    remove: (queue: QueueSummary) => deleteQueue.mutateAsync(queue.id),
    title: () => t('confirmDelete.title'),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  // undefined: closed; null: a new queue; else the id of the queue being edited.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  useQueuesRealtime();

  const list = queues.data ?? [];

  return (
    <ListPage title={t('page.title')} addLabel={t('page.add')} onAdd={() => setEditing(null)}>
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.color') },
          { label: t('table.greeting') },
          { label: t('table.order'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={queues}
        rowCount={list.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
        skeletonRows={3}
      >
        {list.map((queue) => (
          <QueueRow
            key={queue.id}
            queue={queue}
            onEdit={() => setEditing(queue.id)}
            onDelete={() => removal.ask(queue)}
          />
        ))}
      </ListTable>

      <QueueDialog
        open={editing !== undefined}
        queueId={editing ?? null}
        queueCount={list.length}
        onClose={() => setEditing(undefined)}
      />
      {removal.dialog}
    </ListPage>
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
      <EditDeleteCell
        editLabel={t('table.edit', { name: queue.name })}
        deleteLabel={t('table.delete', { name: queue.name })}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </TableRow>
  );
}
