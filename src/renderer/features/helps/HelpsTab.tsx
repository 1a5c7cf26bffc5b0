import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Help } from '../../../shared/api/helps';
import { useHelps } from '../../app/shell/useVisibleMenu';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { HelpDialog } from './HelpDialog';
import { useDeleteHelp } from './useHelpWrites';

/** The settings screen's helps tab (super administrator): the help entries every company sees. */
export function HelpsTab() {
  const { t } = useTranslation('helps');
  const helps = useHelps();
  const deleteHelp = useDeleteHelp();
  const [dialog, setDialog] = useState<{ open: boolean; help: Help | null }>({ open: false, help: null });
  const removal = useConfirmDelete({
    remove: (help: Help) => deleteHelp.mutateAsync(help.id),
    title: (help) => t('confirmDelete.title', { title: help.title }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  const rows = helps.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => setDialog({ open: true, help: null })}>
          {t('add')}
        </Button>
      </Box>
      <ListTable
        label={t('tab')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.title') },
          { label: t('table.description') },
          { label: t('table.video') },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={helps}
        rowCount={rows.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {rows.map((help) => (
          <TableRow key={help.id} hover>
            <TableCell>{help.title}</TableCell>
            <TableCell
              sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {help.description}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{help.video}</TableCell>
            <EditDeleteCell
              editLabel={t('table.edit', { title: help.title })}
              deleteLabel={t('table.delete', { title: help.title })}
              onEdit={() => setDialog({ open: true, help })}
              onDelete={() => removal.ask(help)}
            />
          </TableRow>
        ))}
      </ListTable>
      <HelpDialog
        open={dialog.open}
        help={dialog.help}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </Box>
  );
}
