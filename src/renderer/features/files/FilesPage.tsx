import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileList } from '../../../shared/api/files';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { FileListDialog } from './FileListDialog';
import { useDeleteFileList, useFileLists, useFilesRealtime } from './useFiles';

/** Route /files (3-automation §2 "Files page"): admins manage the file lists; a plain user sees the placeholder. */
export default function FilesPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <FilesScreen /> : <NoPermission />;
}

function FilesScreen() {
  const { t } = useTranslation('files');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: a new list.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const lists = useFileLists(searchParam);
  const deleteList = useDeleteFileList();
  const removal = useConfirmDelete({
    remove: (list: FileList) => deleteList.mutateAsync(list.id),
    title: ({ name }) => t('confirmDelete.title', { name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useFilesRealtime();

  const records = lists.data?.pages.flatMap((page) => page.files) ?? [];

  return (
    <ListPage
      title={t('page.title')}
      count={lists.data?.pages[0]?.count}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setEditing(null)}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.files'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={lists}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((list) => (
          <TableRow key={list.id} hover>
            <TableCell>{list.name}</TableCell>
            <TableCell align="center">{list.options.length}</TableCell>
            <EditDeleteCell
              editLabel={t('table.edit', { name: list.name })}
              deleteLabel={t('table.delete', { name: list.name })}
              onEdit={() => setEditing(list.id)}
              onDelete={() => removal.ask(list)}
            />
          </TableRow>
        ))}
      </ListTable>

      <FileListDialog
        open={editing !== undefined}
        listId={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      {removal.dialog}
    </ListPage>
  );
}
