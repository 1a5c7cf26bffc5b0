import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ImportExport from '@mui/icons-material/ImportExport';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../shared/api';
import type { Contact } from '../../../shared/api/contacts';
import { contactSheetRows } from '../../../shared/contact-sheet';
import { Can } from '../../app/Can';
import { useBridge } from '../../bridge/context';
import { ActionsMenu } from '../../ui/ActionsMenu';
import { ColorChip } from '../../ui/ColorChip';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { saveFile } from '../../ui/save-file';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useLoadMoreNearBottom } from '../../ui/useLoadMoreNearBottom';
import { VirtualRows } from '../../ui/VirtualRows';
import { AlreadyOpenDialog } from '../tickets/AlreadyOpenDialog';
import { NewTicketModal } from '../tickets/NewTicketModal';
import { useTicketsUi } from '../tickets/tickets-ui';
import { useTagOptions } from '../tickets/useTicketsList';
import { ContactDialog } from './ContactDialog';
import { type ContactFilters, flattenContacts } from './contacts-cache';
import { fetchAllContacts, toCsv, toXlsx } from './contacts-export';
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
  const { t } = useTranslation('contacts');
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
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [startFor, setStartFor] = useState<Contact | null>(null);
  const alreadyOpen = useTicketsUi((state) => state.alreadyOpen);
  const setTicketsUi = useTicketsUi((state) => state.set);
  const block = useBlockContact();
  const remove = useDeleteContact();
  useContactsRealtime();

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    getItemKey: (index) => contacts[index].id,
    overscan: 8,
  });
  const loadMoreIfNearBottom = useLoadMoreNearBottom(scroller, list, contacts.length);

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  const toggleBlock = async (contact: Contact) => {
    try {
      await block.mutateAsync({ id: contact.id, active: !contact.active });
      toast.success(contact.active ? t('toasts.blocked') : t('toasts.unblocked'));
    } catch (error) {
      toastError(error);
    }
  };

  const confirmDelete = async () => {
    const contact = toDelete;
    if (!contact) return;
    try {
      await remove.mutateAsync(contact.id);
      toast.success(t('toasts.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  const exportAs = async (kind: 'csv' | 'xlsx') => {
    toast.info(t('toasts.exporting'));
    try {
      const all = await fetchAllContacts((pageNumber) =>
        bridge.request(api.contacts.list, { query: contactsQuery(filters, pageNumber) }),
      );
      const rows = contactSheetRows(all, {
        name: t('export.columns.name'),
        number: t('export.columns.number'),
        email: t('export.columns.email'),
        tags: t('export.columns.tags'),
      });
      const fileName = `${t('export.fileName')}.${kind}`;
      saveFile(kind === 'csv' ? toCsv(rows) : await toXlsx(rows, t('page.title')), fileName);
      toast.success(t('toasts.exported', { count: all.length }));
    } catch (error) {
      toastError(error);
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
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
        </Typography>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
        <Autocomplete
          multiple
          size="small"
          options={tagOptions}
          value={tagOptions.filter((tag) => tagIds.includes(tag.id))}
          onChange={(_, tags) => setTagIds(tags.map((tag) => tag.id))}
          getOptionLabel={(tag) => tag.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderValue={(tags, getItemProps) =>
            tags.map((tag, index) => {
              const { key, ...item } = getItemProps({ index });
              return <ColorChip key={key} {...item} size="small" label={tag.name} color={tag.color} />;
            })
          }
          renderInput={(params) => <TextField {...params} label={t('page.tagFilter')} />}
          sx={{ minWidth: 220 }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
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
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, contactId: null })}
          >
            {t('page.add')}
          </Button>
        </Stack>
      </Stack>

      <Paper
        variant="outlined"
        role="table"
        aria-label={t('page.title')}
        aria-busy={list.isPending}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflow: 'hidden' }}
      >
        <Box
          role="row"
          sx={{ display: 'grid', gridTemplateColumns: COLUMNS, borderBottom: 1, borderColor: 'divider' }}
        >
          {(['name', 'number', 'email', 'tags'] as const).map((column) => (
            <HeaderCell key={column}>{t(`table.${column}`)}</HeaderCell>
          ))}
          <HeaderCell align="right">{t('table.actions')}</HeaderCell>
        </Box>
        <Box
          ref={scroller}
          onScroll={loadMoreIfNearBottom}
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
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
                  onToggleBlock={toggleBlock}
                  onDelete={setToDelete}
                />
              )}
            />
          )}
        </Box>
        {list.isFetchingNextPage && <LinearProgress aria-label={t('page.loading')} />}
      </Paper>

      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <NewTicketModal open={startFor !== null} contact={startFor} onClose={() => setStartFor(null)} />
      <AlreadyOpenDialog other={alreadyOpen} onClose={() => setTicketsUi({ alreadyOpen: null })} />
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
  const action = (label: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={run}>
        {icon}
      </IconButton>
    </Tooltip>
  );
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
        {contact.number}
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
        {action(t('table.startTicket', { name }), <WhatsApp fontSize="small" />, () => onStart(contact))}
        {action(t('table.edit', { name }), <EditIcon fontSize="small" />, () => onEdit(contact))}
        {contact.active
          ? action(t('table.block', { name }), <BlockIcon fontSize="small" />, () => onToggleBlock(contact))
          : action(t('table.unblock', { name }), <CheckCircleOutline fontSize="small" />, () =>
              onToggleBlock(contact),
            )}
        <Can
          perform="contacts-page:deleteContact"
          yes={() =>
            action(t('table.delete', { name }), <DeleteOutline fontSize="small" />, () => onDelete(contact))
          }
        />
      </Box>
    </Box>
  );
}
