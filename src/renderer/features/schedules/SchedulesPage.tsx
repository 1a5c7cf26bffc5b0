import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../shared/api';
import type { Schedule } from '../../../shared/api/scheduled-messages';
import { isLanguage } from '../../../shared/i18n/types';
import { isAdmin } from '../../../shared/permissions';
import { occurrencesOf } from '../../../shared/scheduled-messages';
import { DATE_LOCALES, formatClock, formatDay } from '../../app/dates';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { EmptyState } from '../../ui/EmptyState';
import { ListPage } from '../../ui/ListPage';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { useDebounced } from '../../ui/useDebounced';
import { byDay, CALENDAR_VIEWS, type CalendarView, dayKey, daysOf, rangeOf, step } from './calendar';
import { HolidaysDialog } from './HolidaysDialog';
import { ScheduleDialog, type ScheduleDraft } from './ScheduleDialog';
import { useDeleteSchedule, useSchedulesRange, useSchedulesRealtime } from './useSchedules';

/** One occurrence as the calendar shows it. */
interface Item {
  at: string;
  n: number;
  schedule: Schedule;
}

const STATUS_COLOR = { PENDENTE: 'primary.main', ENVIADA: 'success.main', ERRO: 'error.main' } as const;

/** An occurrence already gone reads as sent; the failing one as the schedule's error. */
function colorOf(item: Item) {
  if (item.n <= item.schedule.sentCount && item.schedule.status !== 'ERRO') return STATUS_COLOR.ENVIADA;
  if (item.n === item.schedule.sentCount && item.schedule.status === 'ERRO') return STATUS_COLOR.ERRO;
  return STATUS_COLOR[item.schedule.status === 'ENVIADA' ? 'ENVIADA' : 'PENDENTE'];
}

const timeOf = (at: string) => formatClock(at);

/** The UI language's locale, for month and weekday names. */
function useLocale() {
  const { i18n } = useTranslation();
  return DATE_LOCALES[isLanguage(i18n.language) ? i18n.language : 'pt'];
}

/**
 * /schedules (plan flag useSchedules): the scheduled messages on a calendar — month, week, day and an
 * agenda of the next 30 days — with search, add, edit and delete; ?contactId=N opens the create dialog
 * for that contact. Admins keep the company's holidays here too.
 */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const locale = useLocale();
  const user = useCurrentUser();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [view, setView] = useState<CalendarView>(phone ? 'agenda' : 'month');
  const [cursor, setCursor] = useState(() => new Date());
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const { from, to } = useMemo(() => rangeOf(view, cursor), [view, cursor]);
  const query = useSchedulesRange(from, to, searchParam);
  useSchedulesRealtime();
  const [dialog, setDialog] = useState<{ open: boolean; schedule: Schedule | null; draft?: ScheduleDraft }>({
    open: false,
    schedule: null,
  });
  const [holidaysOpen, setHolidaysOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const remove = useDeleteSchedule();
  const bridge = useBridge();
  const confirmDelete = useConfirmDelete<Schedule>({
    remove: async (schedule) => {
      await remove.mutateAsync(schedule.id);
      setDialog((d) => ({ ...d, open: false }));
    },
    title: () => t('confirmDelete.title'),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });

  // 3-automation §2: the contact in the address opens the create dialog for it, once.
  useEffect(() => {
    const contactId = Number(params.get('contactId'));
    if (!contactId) return;
    setDialog({ open: true, schedule: null, draft: { contactId } });
    params.delete('contactId');
    setParams(params, { replace: true });
  }, [params, setParams]);

  const items = useMemo<Item[]>(() => {
    const schedules = new Map((query.data?.schedules ?? []).map((s) => [s.id, s]));
    return (query.data?.occurrences ?? []).flatMap((o) => {
      const schedule = schedules.get(o.scheduleId);
      return schedule ? [{ at: o.at, n: o.n, schedule }] : [];
    });
  }, [query.data]);
  const days = useMemo(() => byDay(items), [items]);

  // The newest state of a schedule opens (a list may lag behind an event by a moment).
  const openSchedule = async (schedule: Schedule) => {
    setDialog({ open: true, schedule });
    const fresh = await bridge.request(api.schedules.show, { params: { id: schedule.id } }).catch(() => null);
    if (fresh) setDialog((d) => (d.open && d.schedule?.id === fresh.id ? { ...d, schedule: fresh } : d));
  };

  const heading =
    view === 'month'
      ? cursor.toLocaleDateString(locale, { month: 'long', year: 'numeric' })
      : view === 'day'
        ? cursor.toLocaleDateString(locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            year: 'numeric',
          })
        : `${formatDay(from)} – ${formatDay(to)}`;

  return (
    <ListPage
      title={t('page.title')}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setDialog({ open: true, schedule: null })}
      actions={
        isAdmin(user) ? (
          <Button variant="outlined" startIcon={<EventBusyOutlined />} onClick={() => setHolidaysOpen(true)}>
            {t('holidays.open')}
          </Button>
        ) : undefined
      }
    >
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ p: 1, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" onClick={() => setCursor(new Date())}>
              {t('nav.today')}
            </Button>
            <Tooltip title={t('nav.previous')}>
              <IconButton aria-label={t('nav.previous')} onClick={() => setCursor((c) => step(view, c, -1))}>
                <ChevronLeft />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('nav.next')}>
              <IconButton aria-label={t('nav.next')} onClick={() => setCursor((c) => step(view, c, 1))}>
                <ChevronRight />
              </IconButton>
            </Tooltip>
            <Typography variant="subtitle1" component="h2" sx={{ textTransform: 'capitalize' }}>
              {heading}
            </Typography>
          </Stack>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: CalendarView | null) => next && setView(next)}
          >
            {CALENDAR_VIEWS.map((v) => (
              <ToggleButton key={v} value={v}>
                {t(`views.${v}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('page.loading')} />}</Box>
        <Box sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}>
          {view === 'month' ? (
            <MonthGrid
              from={from}
              to={to}
              cursor={cursor}
              days={days}
              compact={phone}
              onOpen={openSchedule}
              onDay={(day) => {
                setCursor(day);
                setView('day');
              }}
            />
          ) : view === 'week' ? (
            <WeekColumns from={from} to={to} days={days} onOpen={openSchedule} />
          ) : items.length === 0 && !query.isPending ? (
            <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
          ) : (
            <AgendaList days={days} onOpen={openSchedule} />
          )}
        </Box>
      </Paper>
      <ScheduleDialog
        open={dialog.open}
        schedule={dialog.schedule}
        draft={dialog.draft}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onDelete={confirmDelete.ask}
      />
      <HolidaysDialog open={holidaysOpen} onClose={() => setHolidaysOpen(false)} />
      {confirmDelete.dialog}
    </ListPage>
  );
}

/** One occurrence: its time, contact and the start of its text, coloured by how it went. */
function Entry({ item, onOpen, dense }: { item: Item; onOpen(schedule: Schedule): void; dense?: boolean }) {
  const { t } = useTranslation('schedules');
  const total = occurrencesOf(item.schedule);
  const status = t(`status.${item.schedule.status}`);
  return (
    <ButtonBase
      onClick={() => onOpen(item.schedule)}
      aria-label={`${timeOf(item.at)} ${item.schedule.contact.name} – ${status}`}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderLeft: 3,
        borderColor: colorOf(item),
        px: 0.75,
        py: dense ? 0.25 : 0.75,
        borderRadius: 0.5,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Typography variant={dense ? 'caption' : 'body2'} noWrap component="div">
        <strong>{timeOf(item.at)}</strong> {item.schedule.contact.name}
        {total > 1 && ` (${t('occurrence', { n: item.n, total })})`}
      </Typography>
      {!dense && (
        <Typography variant="body2" color="text.secondary" noWrap component="div">
          {item.schedule.body}
        </Typography>
      )}
    </ButtonBase>
  );
}

const MONTH_CELL_ITEMS = 3;

function MonthGrid({
  from,
  to,
  cursor,
  days,
  compact,
  onOpen,
  onDay,
}: {
  from: Date;
  to: Date;
  cursor: Date;
  days: Map<string, Item[]>;
  compact: boolean;
  onOpen(schedule: Schedule): void;
  onDay(day: Date): void;
}) {
  const { t } = useTranslation('schedules');
  const today = dayKey(new Date());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
      {[0, 1, 2, 3, 4, 5, 6].map((d) => (
        <Typography key={d} variant="caption" sx={{ p: 0.5, textAlign: 'center', color: 'text.secondary' }}>
          {t(`weekdays.${d}`)}
        </Typography>
      ))}
      {daysOf(from, to).map((day) => {
        const key = dayKey(day);
        const list = days.get(key) ?? [];
        const outside = day.getMonth() !== cursor.getMonth();
        return (
          <Box
            key={key}
            sx={{
              minHeight: compact ? 48 : 104,
              borderTop: 1,
              borderLeft: 1,
              borderColor: 'divider',
              p: 0.5,
              bgcolor: outside ? 'action.hover' : undefined,
            }}
          >
            <ButtonBase
              onClick={() => onDay(day)}
              aria-label={formatDay(day)}
              sx={{
                borderRadius: '50%',
                width: 26,
                height: 26,
                fontSize: 13,
                bgcolor: key === today ? 'primary.main' : undefined,
                color: key === today ? 'primary.contrastText' : outside ? 'text.disabled' : undefined,
              }}
            >
              {day.getDate()}
            </ButtonBase>
            {compact ? (
              list.length > 0 && (
                <Typography variant="caption" component="div" sx={{ color: 'primary.main' }}>
                  ● {list.length}
                </Typography>
              )
            ) : (
              <>
                {list.slice(0, MONTH_CELL_ITEMS).map((item) => (
                  <Entry key={`${item.schedule.id}-${item.n}`} item={item} onOpen={onOpen} dense />
                ))}
                {list.length > MONTH_CELL_ITEMS && (
                  <ButtonBase onClick={() => onDay(day)} sx={{ typography: 'caption', px: 0.75 }}>
                    {t('more', { count: list.length - MONTH_CELL_ITEMS })}
                  </ButtonBase>
                )}
              </>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function WeekColumns({
  from,
  to,
  days,
  onOpen,
}: {
  from: Date;
  to: Date;
  days: Map<string, Item[]>;
  onOpen(schedule: Schedule): void;
}) {
  const locale = useLocale();
  const today = dayKey(new Date());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(7, minmax(0, 1fr))' } }}>
      {daysOf(from, to).map((day) => {
        const key = dayKey(day);
        return (
          <Box
            key={key}
            sx={{
              borderLeft: { sm: 1 },
              borderTop: { xs: 1, sm: 0 },
              borderColor: 'divider',
              p: 0.5,
              minHeight: { sm: 320 },
            }}
          >
            <Typography
              variant="subtitle2"
              sx={{ textTransform: 'capitalize', color: key === today ? 'primary.main' : undefined, mb: 0.5 }}
            >
              {day.toLocaleDateString(locale, { weekday: 'short', day: 'numeric' })}
            </Typography>
            <Stack spacing={0.5}>
              {(days.get(key) ?? []).map((item) => (
                <Entry key={`${item.schedule.id}-${item.n}`} item={item} onOpen={onOpen} />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

/** The day and agenda views: each day with occurrences, its occurrences in time order. */
function AgendaList({ days, onOpen }: { days: Map<string, Item[]>; onOpen(schedule: Schedule): void }) {
  const locale = useLocale();
  return (
    <Stack spacing={2} sx={{ p: 1.5 }}>
      {[...days.entries()].map(([key, list]) => (
        <Box key={key}>
          <Typography variant="subtitle2" sx={{ textTransform: 'capitalize', mb: 0.5 }}>
            {new Date(`${key}T12:00:00`).toLocaleDateString(locale, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
            })}
          </Typography>
          <Stack spacing={0.5}>
            {list.map((item) => (
              <Entry key={`${item.schedule.id}-${item.n}`} item={item} onOpen={onOpen} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
