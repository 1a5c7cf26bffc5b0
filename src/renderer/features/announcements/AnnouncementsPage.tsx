import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../../shared/api/announcements';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { AnnouncementDialog } from './AnnouncementDialog';
import { priorityColor } from './priority';
import { useAnnouncementsList, useDeleteAnnouncement } from './useAnnouncements';

/**
 * Route /announcements (3-automation §2, super administrator only; the router refuses anyone else). The
 * list stays current through the top bar's subscription.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: a new announcement.
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const list = useAnnouncementsList(searchParam);
  const deleteAnnouncement = useDeleteAnnouncement();
  const removal = useConfirmDelete({
    remove: (announcement: Announcement) => deleteAnnouncement.mutateAsync(announcement.id),
    title: ({ title }) => t('confirmDelete.title', { title }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });

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
          { label: t('table.title') },
          { label: t('table.priority') },
          { label: t('table.attachment') },
          { label: t('table.status') },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((announcement) => (
          <TableRow key={announcement.id} hover>
            <TableCell>{announcement.title}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={t(`priority.${announcement.priority}`)}
                sx={(theme) => ({
                  bgcolor: priorityColor(announcement.priority, theme),
                  color: 'common.white',
                })}
              />
            </TableCell>
            <TableCell>{announcement.mediaName}</TableCell>
            <TableCell>{announcement.status ? t('status.active') : t('status.inactive')}</TableCell>
            <EditDeleteCell
              editLabel={t('table.edit', { title: announcement.title })}
              deleteLabel={t('table.delete', { title: announcement.title })}
              onEdit={() => setEditing(announcement)}
              onDelete={() => removal.ask(announcement)}
            />
          </TableRow>
        ))}
      </ListTable>

      {editing !== undefined && (
        <AnnouncementDialog announcement={editing} onClose={() => setEditing(undefined)} />
      )}
      {removal.dialog}
    </ListPage>
  );
}
