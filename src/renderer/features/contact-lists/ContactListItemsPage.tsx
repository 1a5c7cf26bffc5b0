import ArrowBack from '@mui/icons-material/ArrowBack';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  CONTACT_LIST_IMPORT_ACCEPT,
  type ContactListImportSummary,
  type ContactListItem,
} from '../../../shared/api/contact-lists';
import { can, isAdmin } from '../../../shared/permissions';
import { formatPhoneNumber } from '../../../shared/phone-number';
import NotFoundPage from '../../app/NotFoundPage';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { InfoDialog } from '../../ui/InfoDialog';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { CheckProgress } from './CheckProgress';
import { ContactListItemDialog } from './ContactListDialogs';
import {
  useContactList,
  useContactListItems,
  useContactListsRealtime,
  useDeleteContactListItem,
  useImportContactList,
} from './useContactLists';

/**
 * Route /contact-lists/:contactListId/contacts (3-automation §2): a list's members with their WhatsApp
 * check, the import and the add dialog. Plain users see the no-access view.
 */
export default function ContactListItemsPage() {
  const id = Number(useParams().contactListId);
  if (!isAdmin(useCurrentUser())) return <NoPermission />;
  return Number.isInteger(id) && id > 0 ? <MembersScreen contactListId={id} /> : <NotFoundPage />;
}

function MembersScreen({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation('contactLists');
  const user = useCurrentUser();
  const mayDelete = can(user, 'contacts-page:deleteContact');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; item: ContactListItem | null }>({
    open: false,
    item: null,
  });
  const list = useContactList(contactListId);
  const members = useContactListItems(contactListId, searchParam);
  const deleteItem = useDeleteContactListItem();
  const removal = useConfirmDelete({
    remove: (item: ContactListItem) => deleteItem.mutateAsync(item.id),
    title: ({ name }) => t('items.confirmDelete.title', { name }),
    deleted: t('items.deleted'),
  });
  useContactListsRealtime();
  const records = members.data?.pages.flatMap((page) => page.contacts) ?? [];

  return (
    <ListPage
      title={list.data?.name ?? ''}
      count={members.data?.pages[0]?.count}
      search={{ label: t('items.search'), value: search, onChange: setSearch }}
      actions={
        <>
          <Button component={RouterLink} to="/contact-lists" startIcon={<ArrowBack />}>
            {t('items.lists')}
          </Button>
          <ImportButton contactListId={contactListId} listName={list.data?.name ?? ''} />
        </>
      }
      addLabel={t('items.add')}
      onAdd={() => setDialog({ open: true, item: null })}
    >
      {list.data && <CheckProgress list={list.data} />}
      <ListTable
        label={list.data?.name ?? t('page.title')}
        loadingLabel={t('items.loading')}
        columns={[
          { label: t('items.table.valid'), align: 'center' },
          { label: t('items.table.name') },
          { label: t('items.table.number') },
          { label: t('items.table.email') },
          { label: t('items.table.actions'), align: 'right' },
        ]}
        list={members}
        rowCount={records.length}
        empty={{ title: t('items.empty.title'), message: t('items.empty.message') }}
      >
        {records.map((item) => (
          <TableRow hover key={item.id}>
            <TableCell align="center">
              <Validity valid={item.isWhatsappValid} />
            </TableCell>
            <TableCell>{item.name}</TableCell>
            <TableCell>{formatPhoneNumber(item.number)}</TableCell>
            <TableCell>{item.email}</TableCell>
            <EditDeleteCell
              editLabel={t('items.table.edit', { name: item.name })}
              deleteLabel={t('items.table.delete', { name: item.name })}
              onEdit={() => setDialog({ open: true, item })}
              onDelete={mayDelete ? () => removal.ask(item) : undefined}
            />
          </TableRow>
        ))}
      </ListTable>
      <ContactListItemDialog
        open={dialog.open}
        item={dialog.item}
        contactListId={contactListId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </ListPage>
  );
}

/** The member's WhatsApp check: valid, not on WhatsApp, or still waiting for the background check. */
function Validity({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation('contactLists');
  const label = t(`items.validity.${valid === null ? 'pending' : valid ? 'valid' : 'invalid'}`);
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {valid === null ? (
          <CircularProgress size={16} />
        ) : valid ? (
          <CheckCircleOutlined fontSize="small" color="success" />
        ) : (
          <CancelOutlined fontSize="small" color="error" />
        )}
      </Box>
    </Tooltip>
  );
}

/** Import: pick a file, confirm, then the summary of what it did. */
function ImportButton({ contactListId, listName }: { contactListId: number; listName: string }) {
  const { t } = useTranslation('contactLists');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<ContactListImportSummary | null>(null);
  const importList = useImportContactList(contactListId);

  const run = async (chosen: File) => {
    try {
      setSummary(await importList.mutateAsync(chosen));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <Button
        startIcon={importList.isPending ? <CircularProgress size={16} /> : <UploadFile />}
        disabled={importList.isPending}
        onClick={() => input.current?.click()}
        aria-label={importList.isPending ? t('import.importing') : undefined}
      >
        {t('items.import')}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={CONTACT_LIST_IMPORT_ACCEPT}
        data-testid="contact-list-import-file"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <ConfirmDialog
        open={file !== null}
        title={t('import.confirmTitle')}
        confirmLabel={t('items.import')}
        onClose={() => setFile(null)}
        onConfirm={() => file && void run(file)}
      >
        {t('import.confirm', { file: file?.name ?? '', list: listName })}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('import.hint')}
        </Typography>
      </ConfirmDialog>
      {summary && (
        <InfoDialog title={t('import.summaryTitle')} onClose={() => setSummary(null)}>
          <Typography>{t('import.rows', { count: summary.rows })}</Typography>
          <Typography>{t('import.added', { count: summary.added })}</Typography>
          <Typography>{t('import.merged', { count: summary.merged })}</Typography>
          <Typography>{t('import.skipped', { count: summary.skipped })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('import.checking')}
          </Typography>
        </InfoDialog>
      )}
    </>
  );
}
