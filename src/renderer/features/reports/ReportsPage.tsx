import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../shared/api';
import { REPORT_PAGE_SIZES, type ReportRow } from '../../../shared/api/reports';
import { isLanguage } from '../../../shared/i18n/types';
import { formatShortDateTime } from '../../app/dates';
import { useBridge } from '../../bridge/context';
import { EmptyState } from '../../ui/EmptyState';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { saveFile } from '../../ui/save-file';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { TicketLogDialog } from '../chat/TicketLogDialog';
import { defaultPeriod } from '../dashboard/DashboardPage';

const STATUSES = ['open', 'pending', 'closed', 'group', 'nps', 'lgpd'] as const;
/** The queue filter's "without queue" (2-administration §2.12). */
const WITHOUT_QUEUE = 0;

interface Filters {
  contact: { id: number; name: string } | null;
  whatsappId: number | '';
  userId: number | '';
  statuses: string[];
  queueIds: number[];
  from: string;
  to: string;
  onlyRated: boolean;
}

const initialFilters = (): Filters => {
  const period = defaultPeriod();
  return {
    contact: null,
    whatsappId: '',
    userId: '',
    statuses: [],
    queueIds: [],
    from: period.from,
    to: period.to,
    onlyRated: false,
  };
};

/** The filters as the report call takes them (2-administration §7: lists as JSON arrays). */
function reportFilters(f: Filters) {
  return {
    contactId: f.contact?.id,
    whatsappId: f.whatsappId === '' ? undefined : JSON.stringify([f.whatsappId]),
    users: f.userId === '' ? undefined : JSON.stringify([f.userId]),
    status: f.statuses.length ? JSON.stringify(f.statuses) : undefined,
    queueIds: f.queueIds.length ? JSON.stringify(f.queueIds) : undefined,
    dateFrom: f.from || undefined,
    dateTo: f.to || undefined,
    onlyRated: f.onlyRated ? 'true' : undefined,
  };
}

/** Route /reports (2-administration §2.12): the ticket report, its pages and its Excel export. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const bridge = useBridge();
  const [draft, setDraft] = useState(initialFilters);
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [logsOf, setLogsOf] = useState<ReportRow | null>(null);
  const [exportReceived, setExportReceived] = useState<number | null>(null);
  const report = useQuery({
    queryKey: ['reports', 'tickets', filters, page, pageSize],
    queryFn: () =>
      bridge.request(api.reports.tickets, {
        query: { ...reportFilters(filters), page: page + 1, pageSize } as never,
      }),
    placeholderData: keepPreviousData,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setFilters(draft);
  };
  const exportReport = async () => {
    if (exportReceived !== null) return;
    setExportReceived(0);
    try {
      // The server writes every matching row and sends the file as it goes; the bar counts what arrived.
      const file = await bridge.download(
        api.reports.export,
        {
          query: {
            ...reportFilters(filters),
            lang: isLanguage(i18n.language) ? i18n.language : undefined,
          } as never,
        },
        setExportReceived,
      );
      saveFile(file, 'relatorio-de-atendimentos.xlsx');
    } catch (error) {
      toastError(error);
      toast.error(t('exportError'));
    } finally {
      setExportReceived(null);
    }
  };
  const rows = report.data?.tickets ?? [];
  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <FiltersForm draft={draft} setDraft={setDraft} onSubmit={apply}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportReport()}
            disabled={exportReceived !== null}
          >
            {t('filters.export')}
          </Button>
        </FiltersForm>
        {exportReceived !== null && (
          <Box role="status">
            <Typography variant="body2">
              {t('filters.exporting', { size: `${(exportReceived / 1024).toFixed(0)} KB` })}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {report.isError ? (
          <Alert severity="error">{t('loadError')}</Alert>
        ) : (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')} aria-busy={report.isFetching}>
              <TableHead>
                <TableRow>
                  {(
                    [
                      'id',
                      'connection',
                      'contact',
                      'user',
                      'queue',
                      'status',
                      'lastMessage',
                      'createdAt',
                      'closedAt',
                      'supportTime',
                      'nps',
                      'actions',
                    ] as const
                  ).map((column) => (
                    <TableCell key={column}>{t(`table.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {report.isPending ? (
                  <SkeletonRows label={t('loading')} rows={pageSize} columns={12} />
                ) : (
                  rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{row.id}</TableCell>
                      <TableCell>{row.whatsappName ?? ''}</TableCell>
                      <TableCell>{row.contactName}</TableCell>
                      <TableCell>{row.userName ?? ''}</TableCell>
                      <TableCell>{row.queueName ?? ''}</TableCell>
                      <TableCell>{t(`status.${row.status}`, { defaultValue: row.status })}</TableCell>
                      <TableCell
                        sx={{
                          maxWidth: 220,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {row.lastMessage}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatShortDateTime(row.createdAt)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {row.closedAt ? formatShortDateTime(row.closedAt) : ''}
                      </TableCell>
                      <TableCell>{row.supportTime?.toLocaleString(i18n.language) ?? ''}</TableCell>
                      <TableCell>{row.NPS ?? ''}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('table.logs', { id: row.id })}>
                          <IconButton
                            aria-label={t('table.logs', { id: row.id })}
                            onClick={() => setLogsOf(row)}
                          >
                            <HistoryOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('table.open', { id: row.id })}>
                          <IconButton
                            aria-label={t('table.open', { id: row.id })}
                            component={RouterLink}
                            to={`/tickets/${row.uuid}`}
                          >
                            <OpenInNew fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
            {!report.isPending && rows.length === 0 && (
              <EmptyState title={t('empty.title')} message={t('empty.message')} />
            )}
            <TablePagination
              component="div"
              count={report.data?.totalTickets.total ?? 0}
              page={page}
              onPageChange={(_e, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('table.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('table.displayed', { from, to, count })}
              getItemAriaLabel={(type) => t(type === 'next' ? 'table.next' : 'table.previous')}
            />
          </Paper>
        )}
      </Stack>
      {logsOf && <TicketLogDialog ticketId={logsOf.id} onClose={() => setLogsOf(null)} />}
    </Box>
  );
}

function FiltersForm({
  draft,
  setDraft,
  onSubmit,
  children,
}: {
  draft: Filters;
  setDraft: (f: Filters) => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const bridge = useBridge();
  const [contactText, setContactText] = useState('');
  const search = useDebounced(contactText, SEARCH_DEBOUNCE_MS);
  const contacts = useQuery({
    queryKey: ['reports', 'contacts', search],
    queryFn: () =>
      bridge.request(api.contacts.list, { query: { searchParam: search, pageNumber: 1 } as never }),
    enabled: search.trim().length > 0,
  });
  const connections = useQuery({
    queryKey: ['reports', 'connections'],
    queryFn: () => bridge.request(api.whatsapps.list, {}),
  });
  const users = useQuery({
    queryKey: ['reports', 'users'],
    queryFn: () => bridge.request(api.users.listAll, { query: {} }),
  });
  const queues = useQuery({
    queryKey: ['reports', 'queues'],
    queryFn: () => bridge.request(api.queues.list, {}),
  });
  const field = { size: 'small' as const, sx: { minWidth: 170 } };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={onSubmit}
      sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Autocomplete
        sx={{ minWidth: 220 }}
        size="small"
        options={(contacts.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name }))}
        value={draft.contact}
        onChange={(_e, contact) => setDraft({ ...draft, contact })}
        onInputChange={(_e, text) => setContactText(text)}
        getOptionLabel={(c) => c.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        renderInput={(params) => <TextField {...params} label={t('filters.contact')} />}
      />
      <TextField
        {...field}
        select
        label={t('filters.connection')}
        value={draft.whatsappId}
        onChange={(e) =>
          setDraft({ ...draft, whatsappId: e.target.value === '' ? '' : Number(e.target.value) })
        }
      >
        <MenuItem value="">—</MenuItem>
        {(connections.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t('filters.status')}
        value={draft.statuses}
        slotProps={{ select: { multiple: true } }}
        onChange={(e) => setDraft({ ...draft, statuses: e.target.value as unknown as string[] })}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t('filters.user')}
        value={draft.userId}
        onChange={(e) => setDraft({ ...draft, userId: e.target.value === '' ? '' : Number(e.target.value) })}
      >
        <MenuItem value="">—</MenuItem>
        {(users.data ?? []).map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t('filters.queue')}
        value={draft.queueIds}
        slotProps={{ select: { multiple: true } }}
        onChange={(e) => setDraft({ ...draft, queueIds: e.target.value as unknown as number[] })}
      >
        <MenuItem value={WITHOUT_QUEUE}>{t('filters.withoutQueue')}</MenuItem>
        {(queues.data ?? []).map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        type="date"
        label={t('filters.from')}
        value={draft.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        {...field}
        type="date"
        label={t('filters.to')}
        value={draft.to}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.onlyRated}
            onChange={(e) => setDraft({ ...draft, onlyRated: e.target.checked })}
          />
        }
        label={t('filters.onlyRated')}
      />
      <Button type="submit" variant="contained">
        {t('filters.apply')}
      </Button>
      {children}
    </Paper>
  );
}
