import CheckCircle from '@mui/icons-material/CheckCircle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QuickMessage, quickMessageReadOnlyFor } from '../../../shared/api/quick-messages';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { ActionsCell, EditDeleteCell, ListTable } from '../../ui/ListTable';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { QuickMessageDialog } from './QuickMessageDialog';
import { useDeleteQuickMessage, useQuickMessagesList, useQuickMessagesRealtime } from './useQuickMessages';

/** Route /quick-messages (3-automation §2): every user manages the quick messages they may change. */
export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: a new quick message.
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const list = useQuickMessagesList(searchParam);
  const deleteQuickMessage = useDeleteQuickMessage();
  const removal = useConfirmDelete({
    remove: (quickMessage: QuickMessage) => deleteQuickMessage.mutateAsync(quickMessage.id),
    title: ({ shortcode }) => t('confirmDelete.title', { shortcode }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useQuickMessagesRealtime();

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <ListPage
      title={t('page.title')}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setEditing(null)}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.shortcode') },
          { label: t('table.attachment') },
          { label: t('table.status'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((quickMessage) => (
          <QuickMessageRow
            key={quickMessage.id}
            quickMessage={quickMessage}
            onEdit={() => setEditing(quickMessage)}
            onDelete={() => removal.ask(quickMessage)}
          />
        ))}
      </ListTable>

      {editing !== undefined && (
        <QuickMessageDialog quickMessage={editing} onClose={() => setEditing(undefined)} />
      )}
      {removal.dialog}
    </ListPage>
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
      {readOnly ? (
        <ActionsCell>
          <Typography variant="caption" color="text.secondary">
            {t('table.readOnly')}
          </Typography>
        </ActionsCell>
      ) : (
        <EditDeleteCell
          editLabel={t('table.edit', { shortcode })}
          deleteLabel={t('table.delete', { shortcode })}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    </TableRow>
  );
}
