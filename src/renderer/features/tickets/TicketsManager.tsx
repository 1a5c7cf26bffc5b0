import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DoneAll from '@mui/icons-material/DoneAll';
import FilterList from '@mui/icons-material/FilterList';
import Inbox from '@mui/icons-material/Inbox';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Search from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/ticket-statuses';
import {
  mayCloseAll,
  mayFilterByUser,
  mayShowAll,
  searchShowsAll,
  seesGroupTab,
} from '../../../shared/ticket-visibility';
import { useCurrentUser } from '../../app/session';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useConnections } from '../connections/useConnections';
import { useTagOptions } from '../tags/useTags';
import { QueueDot, type QueueRef } from './QueueDot';
import { TicketsList } from './TicketsList';
import type { TicketListFilters } from './tickets-cache';
import { type ManagerPane, type OpenTab, useTicketsUi } from './tickets-ui';
import { liveListFilters, useSelectableQueues, useTicketsList, useUserOptions } from './useTicketsList';
import { useTicketRooms } from './useTicketsRealtime';

// Dialogs (and the contact search, forms and schemas they bring) load when opened, not with the inbox.
const CloseAllDialog = lazy(() =>
  import('./CloseAllDialog').then((module) => ({ default: module.CloseAllDialog })),
);
const NewTicketModal = lazy(() =>
  import('./NewTicketModal').then((module) => ({ default: module.NewTicketModal })),
);

/** 1-attendance §2 "Ticket manager": the left pane of /tickets. */
export function TicketsManager({ selectedUuid }: { selectedUuid?: string }) {
  const { t } = useTranslation('tickets');
  const user = useCurrentUser();
  const ui = useTicketsUi();
  const { queues, ready } = useSelectableQueues();
  const [closeAllOpen, setCloseAllOpen] = useState(false);
  const [newTicketOpen, setNewTicketOpen] = useState(false);

  const { queueIds, live } = liveListFilters(user, ui, queues);
  const withGroups = seesGroupTab(user);
  const tab: OpenTab = ui.tab === 'group' && !withGroups ? 'open' : ui.tab;
  const tabFilters: Record<OpenTab, TicketListFilters> = {
    open: live('open', true),
    pending: live('pending', true),
    group: live('group', true),
  };

  useTicketRooms(
    ui.pane === 'open'
      ? ['open', 'pending', ...(withGroups ? ['group'] : [])]
      : ui.pane === 'closed'
        ? ['closed']
        : [],
  );

  return (
    <Paper
      square
      elevation={0}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        containerType: 'inline-size',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1, py: 1, flexWrap: 'wrap', rowGap: 1 }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={ui.pane}
          onChange={(_, pane: ManagerPane | null) => pane && ui.set({ pane })}
          aria-label={t('manager.panes.label')}
        >
          <PaneButton value="open" label={t('manager.panes.open')} icon={<Inbox fontSize="small" />} />
          <PaneButton value="closed" label={t('manager.panes.closed')} icon={<DoneAll fontSize="small" />} />
          <PaneButton value="search" label={t('manager.panes.search')} icon={<Search fontSize="small" />} />
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('manager.newTicket')}>
          <IconButton aria-label={t('manager.newTicket')} onClick={() => setNewTicketOpen(true)}>
            <Add />
          </IconButton>
        </Tooltip>
        {mayCloseAll(user) && (
          <Tooltip title={t('manager.closeAll')}>
            <IconButton aria-label={t('manager.closeAll')} onClick={() => setCloseAllOpen(true)}>
              <PlaylistAddCheck />
            </IconButton>
          </Tooltip>
        )}
      </Stack>

      {ui.pane !== 'search' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, pb: 1 }}>
          {mayShowAll(user) && (
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={ui.showAll}
                  onChange={(_, checked) => ui.set({ showAll: checked })}
                />
              }
              label={t('manager.showAll')}
              sx={{ mr: 0 }}
            />
          )}
          <Box sx={{ flex: 1 }} />
          {ui.pane === 'open' && <SortButton />}
          <QueueSelector
            queues={queues}
            selected={queueIds}
            onChange={(ids) => ui.set({ selectedQueueIds: ids })}
          />
        </Stack>
      )}

      {ui.pane === 'open' && (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: OpenTab) => ui.set({ tab: value })}
            variant="fullWidth"
            aria-label={t('manager.tabs.label')}
            sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
          >
            <CountTab value="open" label={t('manager.tabs.open')} filters={tabFilters.open} enabled={ready} />
            <CountTab
              value="pending"
              label={t('manager.tabs.pending')}
              filters={tabFilters.pending}
              enabled={ready}
            />
            {withGroups && (
              <CountTab
                value="group"
                label={t('manager.tabs.group')}
                filters={tabFilters.group}
                enabled={ready}
              />
            )}
          </Tabs>
          <TicketsList key={tab} filters={tabFilters[tab]} selectedUuid={selectedUuid} enabled={ready} />
        </>
      )}
      {ui.pane === 'closed' && (
        <TicketsList filters={live('closed', false)} selectedUuid={selectedUuid} enabled={ready} />
      )}
      {ui.pane === 'search' && <SearchPane queueIds={queueIds} selectedUuid={selectedUuid} ready={ready} />}

      {closeAllOpen && (
        <Suspense fallback={null}>
          <CloseAllDialog open onClose={() => setCloseAllOpen(false)} />
        </Suspense>
      )}
      {newTicketOpen && (
        <Suspense fallback={null}>
          <NewTicketModal open onClose={() => setNewTicketOpen(false)} />
        </Suspense>
      )}
    </Paper>
  );
}

function PaneButton({ value, label, icon }: { value: ManagerPane; label: string; icon: ReactNode }) {
  return (
    <ToggleButton value={value} aria-label={label} sx={{ gap: 0.5, px: 1.25 }}>
      {icon}
      {/* Icons only when the pane is narrow (small screens). */}
      <Box
        component="span"
        aria-hidden
        sx={{ fontSize: 12, '@container (max-width: 440px)': { display: 'none' } }}
      >
        {label}
      </Box>
    </ToggleButton>
  );
}

/** A tab with the number of tickets its list holds. */
function CountTab({
  label,
  filters,
  enabled,
  ...rest
}: {
  value: OpenTab;
  label: string;
  filters: TicketListFilters;
  enabled: boolean;
}) {
  const list = useTicketsList(filters, { enabled });
  const count = list.data?.pages[0]?.count ?? 0;
  return (
    <Tab
      {...rest}
      aria-label={label}
      sx={{ minHeight: 44 }}
      label={
        <Badge badgeContent={count} color="primary" max={999} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
          <span>{label}</span>
        </Badge>
      }
    />
  );
}

/** Ascending or descending by update time (not on the resolved pane or in search). */
function SortButton() {
  const { t } = useTranslation('tickets');
  const sort = useTicketsUi((state) => state.sort);
  const set = useTicketsUi((state) => state.set);
  const label = sort === 'DESC' ? t('manager.sort.toAsc') : t('manager.sort.toDesc');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={() => set({ sort: sort === 'DESC' ? 'ASC' : 'DESC' })}
      >
        {sort === 'DESC' ? <ArrowDownward fontSize="small" /> : <ArrowUpward fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** The queues whose tickets the lists show (the user's queues; every queue for admins). */
function QueueSelector({
  queues,
  selected,
  onChange,
}: {
  queues: readonly QueueRef[];
  selected: number[];
  onChange(ids: number[]): void;
}) {
  const { t } = useTranslation('tickets');
  if (queues.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('manager.queues.label')}
      value={selected}
      onChange={(event) => onChange(event.target.value as unknown as number[])}
      sx={{ minWidth: 140, maxWidth: 200 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (value) => {
            const ids = value as number[];
            return ids.length === queues.length
              ? t('manager.queues.all')
              : t('manager.queues.selected', { count: ids.length });
          },
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} dense>
          <Checkbox size="small" checked={selected.includes(queue.id)} />
          <QueueDot color={queue.color} />
          <ListItemText primary={queue.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The search pane: text (500 ms debounce), optionally in messages, and the filters. */
function SearchPane({
  queueIds,
  selectedUuid,
  ready,
}: {
  queueIds: number[];
  selectedUuid?: string;
  ready: boolean;
}) {
  const { t } = useTranslation('tickets');
  const user = useCurrentUser();
  const filtersId = useId();
  const [text, setText] = useState('');
  const [onMessages, setOnMessages] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [statusFilter, setStatusFilter] = useState<TicketStatus[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [tags, setTags] = useState<number[]>([]);
  const [whatsapps, setWhatsapps] = useState<number[]>([]);
  const searchParam = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const byUser = mayFilterByUser(user);
  const userOptions = useUserOptions(byUser && filtersOpen);
  const tagOptions = useTagOptions(filtersOpen);
  const connectionOptions = useConnections(filtersOpen);

  const filters: TicketListFilters = {
    showAll: searchShowsAll(user),
    queueIds,
    searchParam,
    searchOnMessages: onMessages,
    statusFilter,
    users: byUser ? users : [],
    tags,
    whatsapps,
  };

  return (
    <>
      <Stack spacing={0.5} sx={{ px: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            type="search"
            label={t('manager.search.label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Tooltip title={t('manager.filters.toggle')}>
            <IconButton
              aria-label={t('manager.filters.toggle')}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              color={filtersOpen ? 'primary' : 'default'}
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              <FilterList />
            </IconButton>
          </Tooltip>
        </Stack>
        <FormControlLabel
          control={
            <Checkbox size="small" checked={onMessages} onChange={(_, checked) => setOnMessages(checked)} />
          }
          label={t('manager.search.onMessages')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Collapse in={filtersOpen} id={filtersId}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, pt: 1 }}>
            <MultiSelect
              label={t('manager.filters.tags')}
              options={(tagOptions.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
              selected={tags}
              onChange={setTags}
            />
            <MultiSelect
              label={t('manager.filters.connections')}
              options={(connectionOptions.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              selected={whatsapps}
              onChange={setWhatsapps}
            />
            <MultiSelect
              label={t('manager.filters.status')}
              options={TICKET_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              selected={statusFilter}
              onChange={setStatusFilter}
            />
            {byUser && (
              <MultiSelect
                label={t('manager.filters.users')}
                options={(userOptions.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                selected={users}
                onChange={setUsers}
              />
            )}
          </Box>
        </Collapse>
      </Stack>
      <TicketsList filters={filters} selectedUuid={selectedUuid} enabled={ready} />
    </>
  );
}

function MultiSelect<V extends string | number>({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: { value: V; label: string }[];
  selected: V[];
  onChange(values: V[]): void;
}) {
  const labelOf = (value: V) => options.find((o) => o.value === value)?.label ?? String(value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={selected}
      onChange={(event) => onChange(event.target.value as unknown as V[])}
      slotProps={{
        select: { multiple: true, renderValue: (value) => (value as V[]).map(labelOf).join(', ') },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          <Checkbox size="small" checked={selected.includes(option.value)} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
