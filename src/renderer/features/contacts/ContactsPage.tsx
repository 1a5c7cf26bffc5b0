import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ImportExport from '@mui/icons-material/ImportExport';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../shared/api';
import type { Contact, ExportFormat } from '../../../shared/api/contacts';
import { isLanguage } from '../../../shared/i18n/types';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { Can } from '../../app/Can';
import { useBridge } from '../../bridge/context';
import { ActionsMenu } from '../../ui/ActionsMenu';
import { ColorChip } from '../../ui/ColorChip';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { formatBytes } from '../../ui/format-bytes';
import { ListPage, ListPanel } from '../../ui/ListPage';
import { RowAction } from '../../ui/ListTable';
import { saveFile } from '../../ui/save-file';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { VirtualRows } from '../../ui/VirtualRows';
import { TagsSelect } from '../tags/TagsSelect';
import { useTagOptions } from '../tags/useTags';
import { AlreadyOpenDialog } from '../tickets/AlreadyOpenDialog';
import { NewTicketModal } from '../tickets/NewTicketModal';
import { useTicketsUi } from '../tickets/tickets-ui';
import { ContactDialog } from './ContactDialog';
import { type ContactFilters, flattenContacts } from './contacts-cache';
import {
  contactsKeys,
  contactsQuery,
  useBlockContact,
  useContactsList,
  useContactsRealtime,
  useDeleteContact,
} from './useContacts';

const ROW_PX = 57;

const COLUMNS = 'minmax(180px, 2fr) minmax(140px, 1fr) minmax(160px, 1.5fr) minmax(120px, 1.5fr) 168px';

/** Route /contacts (1-attendance §2 contacts screen). */
export default function ContactsPage() {
  const { t, i18n } = useTranslation('contacts');
  const navigate = useNavigate();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const filters = useMemo<ContactFilters>(() => ({ searchParam, tagIds }), [searchParam, tagIds]);
  const list = useContactsList(filters);
  const contacts = flattenContacts(list.data);
  const tagOptions = useTagOptions().data ?? [];
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({
    open: false,
    contactId: null,
  });
  const [startFor, setStartFor] = useState<Contact | null>(null);
  const alreadyOpen = useTicketsUi((state) => state.alreadyOpen);
  const setTicketsUi = useTicketsUi((state) => state.set);
  const block = useBlockContact();
  const remove = useDeleteContact();
  const removal = useConfirmDelete({
    remove: (contact: Contact) => remove.mutateAsync(contact.id),
    title: (contact) => t('confirmDelete.title', { name: contact.name }),
    message: t('confirmDelete.message'),
    deleted: t('toasts.deleted'),
  });
  useContactsRealtime();

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    getItemKey: (index) => contacts[index].id,
    overscan: 8,
  });

  // Blocking asks first (it silences the contact); unblocking restores at once.
  const [blocking, setBlocking] = useState<Contact | null>(null);
  const toggleBlock = async (contact: Contact) => {
    try {
      await block.mutateAsync({ id: contact.id, active: !contact.active });
      toast.success(contact.active ? t('toasts.blocked') : t('toasts.unblocked'));
    } catch (error) {
      toastError(error);
    }
  };

  // Bytes of the export received so far; null when none is running.
  const [exportReceived, setExportReceived] = useState<number | null>(null);
  const exportAs = async (format: ExportFormat) => {
    if (exportReceived !== null) return;
    setExportReceived(0);
    try {
      // The server writes the file (every contact of the list's filters) and sends it as it goes.
      const { pageNumber: _all, ...listQuery } = contactsQuery(filters, 1);
      const file = await bridge.download(
        api.contacts.export,
        { query: { ...listQuery, format, lang: isLanguage(i18n.language) ? i18n.language : undefined } },
        setExportReceived,
      );
      saveFile(file, `${t('export.fileName')}.${format}`);
      toast.success(t('toasts.exported'));
    } catch (error) {
      toastError(error);
    } finally {
      setExportReceived(null);
    }
  };

  const importChats = async () => {
    try {
      const result = await bridge.request(api.contacts.importChats, {});
      toast.success(t('toasts.chatsImported', result));
      await queryClient.invalidateQueries({ queryKey: contactsKeys.lists });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      title={t('page.title')}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      filters={
        <TagsSelect
          label={t('page.tagFilter')}
          options={tagOptions}
          value={tagIds}
          onChange={setTagIds}
          size="small"
          sx={{ minWidth: 220 }}
        />
      }
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {exportReceived !== null && (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={16} />
              <Typography variant="body2" color="text.secondary">
                {t('toasts.received', { size: formatBytes(exportReceived, i18n.language) })}
              </Typography>
            </Stack>
          )}
          <ActionsMenu
            label={t('page.more')}
            icon={<ImportExport />}
            actions={[
              { key: 'import', run: () => navigate('/contacts/import') },
              { key: 'importChats', run: importChats },
              { key: 'exportCsv', run: () => exportAs('csv') },
              { key: 'exportExcel', run: () => exportAs('xlsx') },
            ]}
            actionLabel={(key) => t(`menu.${key}`)}
          />
        </Stack>
      }
      addLabel={t('page.add')}
      onAdd={() => setDialog({ open: true, contactId: null })}
    >
      <ListPanel
        list={list}
        rowCount={contacts.length}
        loadingLabel={t('page.loading')}
        scroller={scroller}
        role="table"
        aria-label={t('page.title')}
        aria-busy={list.isPending}
        header={
          <Box
            role="row"
            sx={{ display: 'grid', gridTemplateColumns: COLUMNS, borderBottom: 1, borderColor: 'divider' }}
          >
            {(['name', 'number', 'email', 'tags'] as const).map((column) => (
              <HeaderCell key={column}>{t(`table.${column}`)}</HeaderCell>
            ))}
            <HeaderCell align="right">{t('table.actions')}</HeaderCell>
          </Box>
        }
      >
        {list.isPending ? (
          <Box role="rowgroup" aria-label={t('page.loading')}>
            {Array.from({ length: 5 }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Skeleton key={row} height={ROW_PX} sx={{ mx: 2 }} />
            ))}
          </Box>
        ) : contacts.length === 0 ? (
          <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
        ) : (
          <VirtualRows
            virtualizer={virtualizer}
            role="rowgroup"
            renderRow={(index) => (
              <ContactRow
                contact={contacts[index]}
                onStart={setStartFor}
                onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
                onToggleBlock={(contact) =>
                  contact.active ? setBlocking(contact) : void toggleBlock(contact)
                }
                onDelete={removal.ask}
              />
            )}
          />
        )}
      </ListPanel>

      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <NewTicketModal open={startFor !== null} contact={startFor} onClose={() => setStartFor(null)} />
      <AlreadyOpenDialog other={alreadyOpen} onClose={() => setTicketsUi({ alreadyOpen: null })} />
      {removal.dialog}
      <ConfirmDialog
        open={blocking !== null}
        title={t('confirmBlock.title', { name: blocking?.name ?? '' })}
        confirmLabel={t('confirmBlock.confirm')}
        onClose={() => setBlocking(null)}
        onConfirm={() => blocking && void toggleBlock(blocking)}
      >
        {t('confirmBlock.message')}
      </ConfirmDialog>
    </ListPage>
  );
}

function HeaderCell({ children, align }: { children: ReactNode; align?: 'right' }) {
  return (
    <Typography
      role="columnheader"
      variant="subtitle2"
      component="div"
      sx={{ px: 2, py: 1.5, textAlign: align }}
    >
      {children}
    </Typography>
  );
}

interface ContactRowProps {
  contact: Contact;
  onStart(contact: Contact): void;
  onEdit(contact: Contact): void;
  onToggleBlock(contact: Contact): void;
  onDelete(contact: Contact): void;
}

function ContactRow({ contact, onStart, onEdit, onToggleBlock, onDelete }: ContactRowProps) {
  const { t } = useTranslation('contacts');
  const { name } = contact;
  return (
    <Box
      role="row"
      aria-label={name}
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        alignItems: 'center',
        minHeight: ROW_PX,
        borderBottom: 1,
        borderColor: 'divider',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Stack role="cell" direction="row" spacing={1.5} sx={{ px: 2, alignItems: 'center', minWidth: 0 }}>
        <Avatar src={contact.urlPicture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography noWrap>{name}</Typography>
        {!contact.active && <Chip size="small" color="error" variant="outlined" label={t('table.blocked')} />}
      </Stack>
      <Typography role="cell" noWrap sx={{ px: 2 }}>
        {formatPhoneNumber(contact.number)}
      </Typography>
      <Typography role="cell" noWrap sx={{ px: 2 }}>
        {contact.email}
      </Typography>
      <Stack role="cell" direction="row" sx={{ px: 2, flexWrap: 'wrap', gap: 0.5 }}>
        {contact.tags.map((tag) => (
          <ColorChip key={tag.id} size="small" label={tag.name} color={tag.color} />
        ))}
      </Stack>
      <Box role="cell" sx={{ px: 1, textAlign: 'right', whiteSpace: 'nowrap' }}>
        <RowAction
          label={t('table.startTicket', { name })}
          icon={<WhatsApp fontSize="small" />}
          onClick={() => onStart(contact)}
        />
        <RowAction
          label={t('table.edit', { name })}
          icon={<EditIcon fontSize="small" />}
          onClick={() => onEdit(contact)}
        />
        {contact.active ? (
          <RowAction
            label={t('table.block', { name })}
            icon={<BlockIcon fontSize="small" />}
            onClick={() => onToggleBlock(contact)}
          />
        ) : (
          <RowAction
            label={t('table.unblock', { name })}
            icon={<CheckCircleOutline fontSize="small" />}
            onClick={() => onToggleBlock(contact)}
          />
        )}
        <Can
          perform="contacts-page:deleteContact"
          yes={() => (
            <RowAction
              label={t('table.delete', { name })}
              icon={<DeleteOutline fontSize="small" />}
              onClick={() => onDelete(contact)}
            />
          )}
        />
      </Box>
    </Box>
  );
}
