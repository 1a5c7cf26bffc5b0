import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import type { Dashboard, DashboardCounters } from '../../../shared/api/dashboard';
import { formatDay } from '../../app/dates';
import { useBridge } from '../../bridge/context';
import { AttendantsTable } from './AttendantsTable';

/** A local day as the filter writes it (YYYY-MM-DD). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** 2-administration §9: the default range is the first day of the current month to today. */
export function defaultPeriod(today = new Date()) {
  return { from: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: localDay(today) };
}

export type Period = ReturnType<typeof defaultPeriod>;

const TABS = ['indicators', 'nps', 'attendants'] as const;
type TabName = (typeof TABS)[number];

/** Route / (2-administration §2.11): indicators, NPS and attendants of a period, with charts. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const bridge = useBridge();
  const [draft, setDraft] = useState(defaultPeriod);
  const [period, setPeriod] = useState(draft);
  const [tab, setTab] = useState<TabName>('indicators');
  const dashboard = useQuery({
    queryKey: ['dashboard', period],
    queryFn: () =>
      bridge.request(api.dashboard.show, { query: { date_from: period.from, date_to: period.to } }),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };
  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Paper
          component="form"
          variant="outlined"
          onSubmit={apply}
          sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <TextField
            type="date"
            size="small"
            label={t('filter.from')}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('filter.to')}
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from } }}
          />
          <Button type="submit" variant="contained" disabled={!draft.from || !draft.to}>
            {t('filter.apply')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('filter.period', {
              from: formatDay(`${period.from}T12:00`),
              to: formatDay(`${period.to}T12:00`),
            })}
          </Typography>
        </Paper>
        <Tabs
          value={tab}
          onChange={(_e, value: TabName) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`tabs.${name}`)} />
          ))}
        </Tabs>
        {dashboard.isError ? (
          <Alert severity="error">{t('loadError')}</Alert>
        ) : !dashboard.data ? (
          <Loading />
        ) : tab === 'indicators' ? (
          <Indicators data={dashboard.data} period={period} />
        ) : tab === 'nps' ? (
          <Nps data={dashboard.data} />
        ) : (
          <AttendantsTable attendants={dashboard.data.attendants} />
        )}
      </Stack>
    </Box>
  );
}

function Loading() {
  const { t } = useTranslation('dashboard');
  return (
    <Box aria-busy aria-label={t('loading')} sx={cards}>
      {[0, 1, 2, 3, 4, 5].map((n) => (
        <Skeleton key={n} variant="rounded" height={88} />
      ))}
    </Box>
  );
}

const cards = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' };

type CounterName = keyof DashboardCounters;
const TIMES: CounterName[] = ['avgSupportTime', 'avgWaitTime'];
const PERCENTS: CounterName[] = ['npsPromotersPerc', 'npsPassivePerc', 'npsDetractorsPerc', 'percRating'];

function Counter({ name, value }: { name: CounterName; value: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = value.toLocaleString(i18n.language);
  const shown = TIMES.includes(name)
    ? t('minutes', { value: number })
    : PERCENTS.includes(name)
      ? `${number}%`
      : number;
  return <Figure label={t(`counters.${name}`)} value={shown} testId={`counter-${name}`} />;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Paper>
  );
}

const ATTENDANCE: CounterName[] = [
  'supportHappening',
  'supportPending',
  'supportFinished',
  'supportGroups',
  'leads',
  'activeTickets',
  'passiveTickets',
  'avgWaitTime',
  'avgSupportTime',
];

function Indicators({ data, period }: { data: Dashboard; period: Period }) {
  const { t, i18n } = useTranslation('dashboard');
  const minutes = (value: number | null) =>
    value === null ? '—' : t('minutes', { value: value.toLocaleString(i18n.language) });
  const spreads = [
    { key: 'firstResponse', spread: data.firstResponse },
    { key: 'resolution', spread: data.resolution },
  ] as const;
  return (
    <Stack spacing={2}>
      <Box sx={cards}>
        {ATTENDANCE.map((name) => (
          <Counter key={name} name={name} value={data.counters[name]} />
        ))}
        {spreads.flatMap(({ key, spread }) => [
          <Figure
            key={`${key}-median`}
            testId={`${key}-median`}
            label={`${t(`insights.${key}`)} · ${t('insights.median')}`}
            value={minutes(spread.median)}
          />,
          <Figure
            key={`${key}-p90`}
            testId={`${key}-p90`}
            label={`${t(`insights.${key}`)} · ${t('insights.p90')}`}
            value={minutes(spread.p90)}
          />,
        ])}
      </Box>
      <Suspense fallback={<ChartsLoading />}>
        <IndicatorCharts period={period} data={data} />
      </Suspense>
    </Stack>
  );
}

// @mui/x-charts is most of this page's weight: the counters paint first and the charts follow in their own chunk.
const loadCharts = () => import('./charts');
const IndicatorCharts = lazy(() => loadCharts().then((m) => ({ default: m.IndicatorCharts })));
const NpsCharts = lazy(() => loadCharts().then((m) => ({ default: m.NpsCharts })));

const ChartsLoading = () => <Skeleton variant="rounded" height={280} />;

const NPS: CounterName[] = [
  'npsScore',
  'npsPromotersPerc',
  'npsPassivePerc',
  'npsDetractorsPerc',
  'tickets',
  'withRating',
  'withoutRating',
  'waitRating',
  'percRating',
];

function Nps({ data }: { data: Dashboard }) {
  return (
    <Stack spacing={2}>
      <Box sx={cards}>
        {NPS.map((name) => (
          <Counter key={name} name={name} value={data.counters[name]} />
        ))}
      </Box>
      <Suspense fallback={<ChartsLoading />}>
        <NpsCharts counters={data.counters} />
      </Suspense>
    </Stack>
  );
}
