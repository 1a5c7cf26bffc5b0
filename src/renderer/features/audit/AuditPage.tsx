import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { AUDIT_ACTIONS, type AuditAction, type AuditRecord } from '../../../shared/api/audit';
import { isAdmin } from '../../../shared/permissions';
import { formatShortDateTime } from '../../app/dates';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { pagedByNumber } from '../../ui/paged-query';
import { SearchField } from '../../ui/SearchField';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';

/** Route /audit-logs: who changed what, when and from where; a company's admins see their company's. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const user = useCurrentUser();
  const bridge = useBridge();
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery({
    queryKey: ['audit', searchParam, action],
    queryFn: ({ pageParam }) =>
      bridge.request(api.audit.list, {
        query: { searchParam, pageNumber: pageParam, ...(action && { action }) },
      }),
    enabled: isAdmin(user),
    ...pagedByNumber,
  });
  if (!isAdmin(user)) return <NoPermission />;
  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('page.action')}
          value={action}
          onChange={(event) => setAction(event.target.value as AuditAction | '')}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('page.allActions')}</MenuItem>
          {AUDIT_ACTIONS.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`actions.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
      </Stack>
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.when') },
          { label: t('table.who') },
          ...(user.super ? [{ label: t('table.company') }] : []),
          { label: t('table.action') },
          { label: t('table.record') },
          { label: t('table.changes') },
          { label: t('table.from') },
        ]}
        list={list}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((record) => (
          <AuditRow key={record.id} record={record} showCompany={user.super} />
        ))}
      </ListTable>
    </Box>
  );
}

/** A field's value as one short line. */
const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function AuditRow({ record, showCompany }: { record: AuditRecord; showCompany: boolean }) {
  const { t } = useTranslation('audit');
  const { before = {}, after = {} } = record.changes;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(record.createdAt)}</TableCell>
      <TableCell>{record.userName ?? t('table.platform')}</TableCell>
      {showCompany && <TableCell>{record.companyId}</TableCell>}
      <TableCell>{t(`actions.${record.action}`, { defaultValue: record.action })}</TableCell>
      <TableCell>
        {record.entity} {record.entityId}
      </TableCell>
      <TableCell>
        {fields.map((field) => (
          <Typography key={field} variant="body2" sx={{ wordBreak: 'break-word' }}>
            {field}: {field in before && shown(before[field])}
            {field in before && field in after && ' → '}
            {field in after && shown(after[field])}
          </Typography>
        ))}
      </TableCell>
      <TableCell>{record.ip ?? '—'}</TableCell>
    </TableRow>
  );
}
