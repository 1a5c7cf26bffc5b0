import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Gauge } from '@mui/x-charts/Gauge';
import { PieChart } from '@mui/x-charts/PieChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import type { Dashboard, DashboardCounters, QueueRow } from '../../../shared/api/dashboard';
import { formatDay } from '../../app/dates';
import { useBridge } from '../../bridge/context';
import type { Period } from './DashboardPage';

// The dashboard's charts (@mui/x-charts): this module is part of the lazily loaded dashboard route, so
// the chart library never weighs on the inbox's first paint.

const CHART_HEIGHT = 260;

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A chart's own call: its skeleton while loading, the spec's error text when it fails, else the chart. */
function ChartState({
  query,
  empty,
  children,
}: {
  query: { isError: boolean; isPending: boolean };
  empty: boolean;
  children: () => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  if (query.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (query.isPending) return <Skeleton variant="rounded" height={CHART_HEIGHT} />;
  if (empty) return <Typography color="text.secondary">{t('empty')}</Typography>;
  return <>{children()}</>;
}

const chartQuery = (period: Period) => ({ initialDate: period.from, finalDate: period.to });

/** GET /dashboard/ticketsDay: tickets created per day, or per hour for a single day. */
/** The Indicators tab's charts and queue table. */
export function IndicatorCharts({ period, data }: { period: Period; data: Dashboard }) {
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <TicketsDayChart period={period} />
        <TicketsUsersChart period={period} />
        <MessagesChart period={period} />
        <Heatmap cells={data.heatmap} />
      </Box>
      <QueuesTable queues={data.queues} />
    </>
  );
}

function TicketsDayChart({ period }: { period: Period }) {
  const { t } = useTranslation('dashboard');
  const bridge = useBridge();
  const query = useQuery({
    queryKey: ['dashboard', 'ticketsDay', period],
    queryFn: () => bridge.request(api.dashboard.ticketsDay, { query: chartQuery(period) }),
  });
  const byHour = period.from === period.to;
  const rows = (query.data?.data ?? []).map((row) => ({
    label: row.horario !== undefined ? `${row.horario}h` : formatDay(`${row.data}T12:00`),
    total: row.total,
  }));
  return (
    <ChartCard title={t(byHour ? 'charts.ticketsHour' : 'charts.ticketsDay')}>
      <ChartState query={query} empty={rows.length === 0}>
        {() => (
          <BarChart
            height={CHART_HEIGHT}
            dataset={rows}
            xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
            series={[{ dataKey: 'total', label: t('charts.tickets') }]}
            hideLegend
          />
        )}
      </ChartState>
    </ChartCard>
  );
}

/** GET /dashboard/ticketsUsers: attendances per attendant, as horizontal bars. */
function TicketsUsersChart({ period }: { period: Period }) {
  const { t } = useTranslation('dashboard');
  const bridge = useBridge();
  const query = useQuery({
    queryKey: ['dashboard', 'ticketsUsers', period],
    queryFn: () => bridge.request(api.dashboard.ticketsUsers, { query: chartQuery(period) }),
  });
  const rows = query.data ?? [];
  return (
    <ChartCard title={t('charts.ticketsUsers')}>
      <ChartState query={query} empty={rows.length === 0}>
        {() => (
          <BarChart
            height={Math.max(CHART_HEIGHT, rows.length * 32)}
            layout="horizontal"
            dataset={rows}
            yAxis={[{ scaleType: 'band', dataKey: 'nome', width: 110 }]}
            series={[{ dataKey: 'quantidade', label: t('charts.tickets') }]}
            hideLegend
          />
        )}
      </ChartState>
    </ChartCard>
  );
}

/** GET /messages-allMe, sent and received: the period's message volume. */
function MessagesChart({ period }: { period: Period }) {
  const { t } = useTranslation('dashboard');
  const bridge = useBridge();
  const query = useQuery({
    queryKey: ['dashboard', 'messages', period],
    queryFn: async () => {
      const ask = (fromMe: 'true' | 'false') =>
        bridge.request(api.dashboard.messagesAllMe, {
          query: { fromMe, dateStart: period.from, dateEnd: period.to } as never,
        });
      const [sent, received] = await Promise.all([ask('true'), ask('false')]);
      return { sent: sent.count, received: received.count };
    },
  });
  const data = query.data;
  return (
    <ChartCard title={t('charts.messages')}>
      <ChartState query={query} empty={!data || data.sent + data.received === 0}>
        {() => (
          <PieChart
            height={CHART_HEIGHT}
            series={[
              {
                innerRadius: 50,
                data: [
                  { id: 'sent', value: data!.sent, label: `${t('charts.sent')}: ${data!.sent}` },
                  {
                    id: 'received',
                    value: data!.received,
                    label: `${t('charts.received')}: ${data!.received}`,
                  },
                ],
              },
            ]}
          />
        )}
      </ChartState>
    </ChartCard>
  );
}

/** Received messages by weekday × hour: where the staff is needed. */
function Heatmap({ cells }: { cells: Dashboard['heatmap'] }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(0, ...cells.map((c) => c.count));
  const countAt = (weekday: number, hour: number) =>
    cells.find((c) => c.weekday === weekday && c.hour === hour)?.count ?? 0;
  const hours = Array.from({ length: 24 }, (_v, hour) => hour);
  return (
    <ChartCard title={t('charts.heatmap')}>
      {max === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            role="grid"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto repeat(24, minmax(14px, 1fr))',
              gap: '2px',
              minWidth: 420,
            }}
          >
            <span />
            {hours.map((hour) => (
              <Typography key={hour} variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                {hour % 3 === 0 ? hour : ''}
              </Typography>
            ))}
            {[0, 1, 2, 3, 4, 5, 6].map((weekday) => {
              const day = t(`charts.weekdays.${weekday}`);
              return [
                <Typography key={`d${weekday}`} variant="caption" sx={{ pr: 1 }}>
                  {day}
                </Typography>,
                ...hours.map((hour) => {
                  const count = countAt(weekday, hour);
                  const label = t('charts.heatmapCell', { day, hour, count });
                  return (
                    <Tooltip key={`${weekday}-${hour}`} title={label}>
                      <Box
                        role="gridcell"
                        aria-label={label}
                        sx={{
                          height: 18,
                          borderRadius: 0.5,
                          bgcolor: 'primary.main',
                          opacity: count === 0 ? 0.06 : 0.2 + (0.8 * count) / max,
                        }}
                      />
                    </Tooltip>
                  );
                }),
              ];
            })}
          </Box>
        </Box>
      )}
    </ChartCard>
  );
}

/** The NPS gauge (−100 to 100) and the split of the ratings. */
export function NpsCharts({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation('dashboard');
  const split = [
    {
      id: 'promoters',
      value: counters.npsPromotersPerc,
      label: t('counters.npsPromotersPerc'),
      color: '#2e7d32',
    },
    { id: 'passives', value: counters.npsPassivePerc, label: t('counters.npsPassivePerc'), color: '#ed6c02' },
    {
      id: 'detractors',
      value: counters.npsDetractorsPerc,
      label: t('counters.npsDetractorsPerc'),
      color: '#d32f2f',
    },
  ];
  const rated = split.some((s) => s.value > 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartCard title={t('charts.npsGauge')}>
        <Gauge
          height={CHART_HEIGHT}
          value={counters.npsScore}
          valueMin={-100}
          valueMax={100}
          startAngle={-110}
          endAngle={110}
          innerRadius="70%"
          text={({ value }) => `${value ?? 0}`}
        />
      </ChartCard>
      <ChartCard title={t('charts.npsDistribution')}>
        {rated ? (
          <PieChart
            height={CHART_HEIGHT}
            series={[{ data: split, valueFormatter: (item) => `${item.value}%` }]}
          />
        ) : (
          <Typography color="text.secondary">{t('empty')}</Typography>
        )}
      </ChartCard>
    </Box>
  );
}

/** The period by queue of the attendance. */
function QueuesTable({ queues }: { queues: QueueRow[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const minutes = (value: number) => t('minutes', { value: value.toLocaleString(i18n.language) });
  return (
    <ChartCard title={t('charts.queues')}>
      {queues.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('queues.name')}</TableCell>
                <TableCell align="right">{t('queues.finished')}</TableCell>
                <TableCell align="right">{t('queues.pending')}</TableCell>
                <TableCell align="right">{t('attendants.avgWaitTime')}</TableCell>
                <TableCell align="right">{t('attendants.avgSupportTime')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queues.map((queue) => (
                <TableRow key={queue.queueId ?? 0}>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        borderRadius: '50%',
                        mr: 1,
                        bgcolor: queue.color ?? 'grey.400',
                      }}
                    />
                    {queue.name ?? t('charts.withoutQueue')}
                  </TableCell>
                  <TableCell align="right">{queue.finished}</TableCell>
                  <TableCell align="right">{queue.pending}</TableCell>
                  <TableCell align="right">{minutes(queue.avgWaitTime)}</TableCell>
                  <TableCell align="right">{minutes(queue.avgSupportTime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </ChartCard>
  );
}
