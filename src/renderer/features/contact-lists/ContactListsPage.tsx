import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ContactList } from '../../../shared/api/contact-lists';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { CheckProgress } from './CheckProgress';
import { ContactListDialog } from './ContactListDialogs';
import { useContactListsPage, useContactListsRealtime, useDeleteContactList } from './useContactLists';

export const membersPath = (id: number) => `/contact-lists/${id}/contacts`;

/** Route /contact-lists (3-automation §2): admins manage the lists; a plain user sees the no-access view. */
export default function ContactListsPage() {
  return isAdmin(useCurrentUser()) ? <ContactListsScreen /> : <NoPermission />;
}

function ContactListsScreen() {
  const { t } = useTranslation('contactLists');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; list: ContactList | null }>({
    open: false,
    list: null,
  });
  const lists = useContactListsPage(searchParam);
  const deleteList = useDeleteContactList();
  const removal = useConfirmDelete({
    remove: (list: ContactList) => deleteList.mutateAsync(list.id),
    title: ({ name }) => t('confirmDelete.title', { name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useContactListsRealtime();
  const records = lists.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <ListPage
      title={t('page.title')}
      count={lists.data?.pages[0]?.count}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setDialog({ open: true, list: null })}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.contacts'), align: 'right' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={lists}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((list) => (
          <TableRow hover key={list.id}>
            <TableCell>
              <Link component={RouterLink} to={membersPath(list.id)} underline="hover">
                {list.name}
              </Link>
              <CheckProgress list={list} />
            </TableCell>
            <TableCell align="right">{list.contactsCount}</TableCell>
            <EditDeleteCell
              editLabel={t('table.edit', { name: list.name })}
              deleteLabel={t('table.delete', { name: list.name })}
              onEdit={() => setDialog({ open: true, list })}
              onDelete={() => removal.ask(list)}
            />
          </TableRow>
        ))}
      </ListTable>
      <ContactListDialog
        open={dialog.open}
        item={dialog.list}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </ListPage>
  );
}
