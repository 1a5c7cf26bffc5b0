import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagWithCounts } from '../../../shared/api/tags';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ColorChip } from '../../ui/ColorChip';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { TagDialog } from './TagDialog';
import { useDeleteTag, useTagsList, useTagsRealtime } from './useTags';

/**
 * Route /tags: every user may search, add and edit tags (the chat creates them on the fly too); only
 * admins delete, since a deleted tag leaves every ticket and contact of the company.
 */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  const mayDelete = isAdmin(useCurrentUser());
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; tag: Tag | null }>({ open: false, tag: null });
  const list = useTagsList(searchParam);
  const deleteTag = useDeleteTag();
  const removal = useConfirmDelete({
    remove: (tag: Tag) => deleteTag.mutateAsync(tag.id),
    title: (tag) => t('confirmDelete.title', { name: tag.name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useTagsRealtime();

  const tags = list.data?.pages.flatMap((page) => page.tags) ?? [];

  return (
    <ListPage
      title={t('page.title')}
      count={list.data?.pages[0]?.count}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setDialog({ open: true, tag: null })}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.tickets'), align: 'right' },
          { label: t('table.contacts'), align: 'right' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={tags.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {tags.map((tag) => (
          <TagRow
            key={tag.id}
            tag={tag}
            onEdit={() => setDialog({ open: true, tag })}
            onDelete={mayDelete ? () => removal.ask(tag) : undefined}
          />
        ))}
      </ListTable>

      <TagDialog
        open={dialog.open}
        tag={dialog.tag}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </ListPage>
  );
}

function TagRow({ tag, onEdit, onDelete }: { tag: TagWithCounts; onEdit(): void; onDelete?: () => void }) {
  const { t } = useTranslation('tags');
  return (
    <TableRow hover>
      <TableCell>
        <ColorChip size="small" label={tag.name} color={tag.color} />
      </TableCell>
      <TableCell align="right">{tag.ticketsCount}</TableCell>
      <TableCell align="right">{tag.contactsCount}</TableCell>
      <EditDeleteCell
        editLabel={t('table.edit', { name: tag.name })}
        deleteLabel={t('table.delete', { name: tag.name })}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </TableRow>
  );
}
