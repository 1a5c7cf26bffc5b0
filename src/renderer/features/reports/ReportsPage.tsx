import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../shared/api';
import {
  REPORT_KINDS,
  REPORT_PAGE_SIZES,
  type ReportKind,
  type ReportRow,
  type SurveyRow,
} from '../../../shared/api/reports';
import { isLanguage } from '../../../shared/i18n/types';
import { formatShortDateTime } from '../../app/dates';
import { useBridge } from '../../bridge/context';
import { EmptyState } from '../../ui/EmptyState';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { saveFile } from '../../ui/save-file';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { TicketLogDialog } from '../chat/TicketLogDialog';
import { ContactDialog } from '../contacts/ContactDialog';
import { defaultPeriod } from '../dashboard/DashboardPage';

const STATUSES = ['open', 'pending', 'closed', 'group', 'nps', 'lgpd'] as const;
/** The contact filter's "add contact" choice: no contact has this id. */
const ADD_CONTACT = -1;
const ADD_CONTACT_MIN_CHARS = 3;

type ContactOption = { id: number; name: string };
/** The queue filter's "without queue" (2-administration §2.12). */
const WITHOUT_QUEUE = 0;

interface Filters {
  contact: ContactOption | null;
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

/** Each report's export file (2-administration §2.12: the ticket report's name is the spec's). */
const FILE_NAMES: Record<ReportKind, string> = {
  tickets: 'relatorio-de-atendimentos.xlsx',
  durations: 'relatorio-de-duracao.xlsx',
  groups: 'relatorio-de-grupos.xlsx',
  surveys: 'relatorio-de-pesquisas.xlsx',
};

/** A row of any report: a ticket (tickets, durations, groups) or a survey answer. */
type AnyRow = ({ kind: 'ticket' } & ReportRow) | ({ kind: 'survey' } & SurveyRow);

interface Column {
  key: string;
  cell: (row: AnyRow) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The columns of each report, as the table and the export show them. */
function useColumns(kind: ReportKind): Column[] {
  const { t, i18n } = useTranslation('reports');
  const ticket = (f: (row: ReportRow) => ReactNode) => (row: AnyRow) =>
    row.kind === 'ticket' ? f(row) : null;
  const minutes = (value: number | null) => value?.toLocaleString(i18n.language) ?? '';
  const date = (value: string | null) => (value ? formatShortDateTime(value) : '');
  const common: Column[] = [
    { key: 'id', cell: (row) => (row.kind === 'ticket' ? row.id : row.ticketId) },
    { key: 'connection', cell: (row) => row.whatsappName ?? '' },
    { key: 'contact', cell: (row) => row.contactName },
    { key: 'user', cell: (row) => row.userName ?? '' },
    { key: 'queue', cell: (row) => row.queueName ?? '' },
  ];
  const status: Column = {
    key: 'status',
    cell: ticket((row) => t(`status.${row.status}`, { defaultValue: row.status })),
  };
  if (kind === 'surveys') {
    return [
      ...common,
      { key: 'rate', cell: (row) => (row.kind === 'survey' ? row.rate : '') },
      { key: 'answeredAt', cell: (row) => (row.kind === 'survey' ? date(row.answeredAt) : '') },
    ];
  }
  if (kind === 'durations') {
    return [
      ...common,
      status,
      { key: 'createdAt', cell: ticket((row) => date(row.createdAt)) },
      { key: 'startedAt', cell: ticket((row) => date(row.startedAt)) },
      { key: 'closedAt', cell: ticket((row) => date(row.closedAt)) },
      { key: 'waitTime', cell: ticket((row) => minutes(row.waitTime)) },
      { key: 'supportTime', cell: ticket((row) => minutes(row.supportTime)) },
      { key: 'totalTime', cell: ticket((row) => minutes(row.totalTime)) },
    ];
  }
  return [
    ...common,
    status,
    {
      key: 'lastMessage',
      cell: ticket((row) => (
        <Box
          component="span"
          sx={{
            display: 'block',
            maxWidth: 220,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {row.lastMessage}
        </Box>
      )),
    },
    { key: 'createdAt', cell: ticket((row) => date(row.createdAt)) },
    { key: 'closedAt', cell: ticket((row) => date(row.closedAt)) },
    { key: 'supportTime', cell: ticket((row) => minutes(row.supportTime)) },
    { key: 'nps', cell: ticket((row) => row.NPS ?? '') },
  ];
}

/**
 * Route /reports (2-administration §2.12): the ticket, duration, group and survey reports as tabs, with
 * one filter form, their pages and their Excel exports.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const bridge = useBridge();
  const [kind, setKind] = useState<ReportKind>('tickets');
  const [draft, setDraft] = useState(initialFilters);
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const [exportReceived, setExportReceived] = useState<number | null>(null);
  const columns = useColumns(kind);
  const report = useQuery({
    queryKey: ['reports', kind, filters, page, pageSize],
    queryFn: async () => {
      const query = { ...reportFilters(filters), page: page + 1, pageSize } as never;
      if (kind === 'surveys') {
        const body = await bridge.request(api.reports.surveys, { query });
        return {
          rows: body.ratings.map((r): AnyRow => ({ kind: 'survey', ...r })),
          total: body.total,
          summary: body.summary,
        };
      }
      const body = await bridge.request(api.reports.tickets, {
        query: { ...(query as object), kind } as never,
      });
      return {
        rows: body.tickets.map((r): AnyRow => ({ kind: 'ticket', ...r })),
        total: body.totalTickets.total,
        summary: null,
      };
    },
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
            kind,
            lang: isLanguage(i18n.language) ? i18n.language : undefined,
          } as never,
        },
        setExportReceived,
      );
      saveFile(file, FILE_NAMES[kind]);
    } catch (error) {
      toastError(error);
      toast.error(t('exportError'));
    } finally {
      setExportReceived(null);
    }
  };
  const rows = report.data?.rows ?? [];
  const summary = report.data?.summary;
  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Tabs
          value={kind}
          onChange={(_e, next: ReportKind) => {
            setKind(next);
            setPage(0);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {REPORT_KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`tabs.${k}`)} />
          ))}
        </Tabs>
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
        {summary && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="status">
            <Chip color="success" label={t('summary.promoters', { count: summary.promoters })} />
            <Chip label={t('summary.passives', { count: summary.passives })} />
            <Chip color="error" label={t('summary.detractors', { count: summary.detractors })} />
            <Chip
              variant="outlined"
              label={t('summary.npsScore', { score: summary.npsScore.toLocaleString(i18n.language) })}
            />
          </Stack>
        )}
        {report.isError ? (
          <Alert severity="error">{t('loadError')}</Alert>
        ) : (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t(`tabs.${kind}`)} aria-busy={report.isFetching}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{t(`table.${column.key}`)}</TableCell>
                  ))}
                  <TableCell>{t('table.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.isPending ? (
                  <SkeletonRows label={t('loading')} rows={pageSize} columns={columns.length + 1} />
                ) : (
                  rows.map((row) => {
                    const ticketId = row.kind === 'ticket' ? row.id : row.ticketId;
                    return (
                      <TableRow key={`${row.kind}-${row.id}`}>
                        {columns.map((column) => (
                          <TableCell key={column.key} sx={column.key.endsWith('At') ? nowrap : undefined}>
                            {column.cell(row)}
                          </TableCell>
                        ))}
                        <TableCell sx={nowrap}>
                          <Tooltip title={t('table.logs', { id: ticketId })}>
                            <IconButton
                              aria-label={t('table.logs', { id: ticketId })}
                              onClick={() => setLogsOf(ticketId)}
                            >
                              <HistoryOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('table.open', { id: ticketId })}>
                            <IconButton
                              aria-label={t('table.open', { id: ticketId })}
                              component={RouterLink}
                              to={`/tickets/${row.uuid}`}
                            >
                              <OpenInNew fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
            {!report.isPending && rows.length === 0 && (
              <EmptyState title={t('empty.title')} message={t('empty.message')} />
            )}
            <TablePagination
              component="div"
              count={report.data?.total ?? 0}
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
      {logsOf !== null && <TicketLogDialog ticketId={logsOf} onClose={() => setLogsOf(null)} />}
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
  /** The name typed when "add contact" was chosen: the contact dialog is open with it. */
  const [adding, setAdding] = useState<string | null>(null);
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
      <Autocomplete<ContactOption>
        sx={{ minWidth: 220 }}
        size="small"
        options={[
          ...(contacts.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name })),
          // 2-administration §2.12: 3 or more typed characters offer adding the contact.
          ...(contactText.trim().length >= ADD_CONTACT_MIN_CHARS
            ? [{ id: ADD_CONTACT, name: contactText.trim() }]
            : []),
        ]}
        value={draft.contact}
        onChange={(_e, contact) => {
          if (contact?.id === ADD_CONTACT) setAdding(contact.name);
          else setDraft({ ...draft, contact });
        }}
        onInputChange={(_e, text) => setContactText(text)}
        getOptionLabel={(c) => c.name}
        getOptionKey={(c) => c.id}
        renderOption={({ key, ...props }, c) => (
          <li key={key} {...props}>
            {c.id === ADD_CONTACT ? t('filters.addContact', { name: c.name }) : c.name}
          </li>
        )}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        renderInput={(params) => <TextField {...params} label={t('filters.contact')} />}
      />
      <ContactDialog
        open={adding !== null}
        contactId={null}
        initialName={adding ?? ''}
        onClose={() => setAdding(null)}
        onSaved={(contact) => setDraft({ ...draft, contact: { id: contact.id, name: contact.name } })}
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
