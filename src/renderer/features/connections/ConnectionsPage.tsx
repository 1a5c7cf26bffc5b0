import CheckCircle from '@mui/icons-material/CheckCircle';
import CropFree from '@mui/icons-material/CropFree';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import RestartAlt from '@mui/icons-material/RestartAlt';
import SignalWifiOff from '@mui/icons-material/SignalWifiOff';
import Star from '@mui/icons-material/Star';
import SupportAgent from '@mui/icons-material/SupportAgent';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../shared/api/whatsapps';
import { can } from '../../../shared/permissions';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { ConnectionDialog } from './ConnectionDialog';
import { formatUpdatedAt, importStateOf, sessionButtonsOf, statusKeyOf } from './connection-form';
import { useFacebookConnect } from './FacebookConnect';
import { type NewConnectionKind, NewConnectionMenu } from './NewConnectionMenu';
import { QrCodeDialog } from './QrCodeDialog';
import {
  type ImportProgress,
  type SessionAction,
  useCloseImported,
  useConnections,
  useConnectionsRealtime,
  useDeleteConnection,
  useImportProgress,
  useRestartConnections,
  useSessionAction,
  useSupportLink,
} from './useConnections';

/**
 * Route /connections (2-administration §2.1): admins, and users whose allowConnections is enabled, manage
 * the company's connections; any other user sees the no-permission view.
 */
export default function ConnectionsPage() {
  const currentUser = useCurrentUser();
  return can(currentUser, 'connections-page:actionButtons') ? <ConnectionsScreen /> : <NoPermission />;
}

function ConnectionsScreen() {
  const { t } = useTranslation('connections');
  const connections = useConnections();
  const imports = useImportProgress();
  const deleteConnection = useDeleteConnection();
  const removal = useConfirmDelete({
    remove: (connection: Connection) => deleteConnection.mutateAsync(connection.id),
    title: (connection) => t('confirmDelete.title', { name: connection.name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  // undefined: closed; null: a new connection.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [newChannel, setNewChannel] = useState<'whatsapp' | 'whatsappapi'>('whatsapp');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const facebook = useFacebookConnect();
  const choose = (kind: NewConnectionKind) => {
    setMenu(null);
    if (kind === 'facebook' || kind === 'instagram') {
      void facebook.start(kind);
      return;
    }
    setNewChannel(kind);
    setEditing(null);
  };
  const [qrFor, setQrFor] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const closeDialog = useCallback(() => setEditing(undefined), []);
  useConnectionsRealtime();

  const list = connections.data ?? [];

  return (
    <ListPage
      title={t('page.title')}
      addLabel={t('page.add')}
      onAdd={(event) => setMenu(event.currentTarget)}
      actions={<PageActions />}
    >
      <NewConnectionMenu anchor={menu} onClose={() => setMenu(null)} onChoose={choose} />
      {facebook.dialog}
      {[...imports.values()].map((progress) => (
        <ImportProgressCard
          key={progress.whatsappId}
          progress={progress}
          name={list.find((connection) => connection.id === progress.whatsappId)?.name ?? ''}
        />
      ))}
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.channel'), align: 'center' },
          { label: t('table.name') },
          { label: t('table.number') },
          { label: t('table.status'), align: 'center' },
          { label: t('table.session'), align: 'center' },
          { label: t('table.lastUpdate'), align: 'center' },
          { label: t('table.default'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={connections}
        rowCount={list.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
        skeletonRows={3}
      >
        {list.map((connection) => (
          <ConnectionRow
            key={connection.id}
            connection={connection}
            onQr={() => setQrFor(connection.id)}
            onEdit={() => setEditing(connection.id)}
            onDelete={() => removal.ask(connection)}
          />
        ))}
      </ListTable>

      <ConnectionDialog
        open={editing !== undefined}
        connectionId={editing ?? null}
        channel={newChannel}
        onClose={closeDialog}
      />
      {qrFor !== null && <QrCodeDialog connectionId={qrFor} onClose={closeQr} />}
      {removal.dialog}
    </ListPage>
  );
}

const CHANNEL_ICONS: Record<string, typeof WhatsApp> = {
  whatsapp: WhatsApp,
  facebook: Facebook,
  instagram: Instagram,
};

function ConnectionRow({
  connection,
  onQr,
  onEdit,
  onDelete,
}: {
  connection: Connection;
  onQr(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('connections');
  const ChannelIcon = CHANNEL_ICONS[connection.channel] ?? WhatsApp;
  return (
    <TableRow hover data-testid={`connection-${connection.id}`}>
      <TableCell align="center">
        <Tooltip title={connection.channel}>
          <ChannelIcon fontSize="small" aria-label={connection.channel} />
        </Tooltip>
      </TableCell>
      <TableCell>{connection.name}</TableCell>
      <TableCell>{formatPhoneNumber(connection.number ?? '')}</TableCell>
      <TableCell align="center">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          {connection.status === 'CONNECTED' ? (
            <CheckCircle fontSize="small" color="success" />
          ) : connection.status === 'qrcode' ? (
            <CropFree fontSize="small" />
          ) : (
            <SignalWifiOff fontSize="small" color="disabled" />
          )}
          <Typography variant="body2" data-testid="connection-status">
            {t(statusKeyOf(connection.status))}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell align="center">
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <SessionButtons connection={connection} onQr={onQr} />
          <ImportButton connection={connection} />
        </Stack>
      </TableCell>
      <TableCell align="center">{formatUpdatedAt(connection.updatedAt)}</TableCell>
      <TableCell align="center">
        {connection.isDefault && <Star fontSize="small" color="warning" aria-label={t('table.isDefault')} />}
      </TableCell>
      <EditDeleteCell
        editLabel={t('table.edit', { name: connection.name })}
        deleteLabel={t('table.delete', { name: connection.name })}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </TableRow>
  );
}

/** 2-administration §2.1: the session column's buttons for the connection's status. */
function SessionButtons({ connection, onQr }: { connection: Connection; onQr(): void }) {
  const { t } = useTranslation('connections');
  const session = useSessionAction();
  const run = (action: SessionAction) =>
    session.mutate({ id: connection.id, action }, { onError: (err) => toastError(err) });
  const small = { size: 'small', variant: 'outlined' } as const;
  switch (sessionButtonsOf(connection.status)) {
    case 'qrcode':
      return (
        <Button {...small} variant="contained" onClick={onQr}>
          {t('session.qrcode')}
        </Button>
      );
    case 'disconnected':
      return (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button {...small} disabled={session.isPending} onClick={() => run('retry')}>
            {t('session.retry')}
          </Button>
          <Button {...small} color="error" disabled={session.isPending} onClick={() => run('newQr')}>
            {t('session.newQr')}
          </Button>
        </Stack>
      );
    case 'disconnect':
      return (
        <Button {...small} color="error" disabled={session.isPending} onClick={() => run('disconnect')}>
          {t('session.disconnect')}
        </Button>
      );
    case 'connecting':
      return (
        <Button {...small} disabled startIcon={<CircularProgress size={14} />}>
          {t('session.connecting')}
        </Button>
      );
    default:
      return <Typography variant="body2">{t('session.unknown')}</Typography>;
  }
}

/** 2-administration §2.1: restart every connection (after confirming) and call support. */
function PageActions() {
  const { t } = useTranslation('connections');
  const restart = useRestartConnections();
  const support = useSupportLink();
  const [asking, setAsking] = useState(false);
  const run = () =>
    restart.mutate(undefined, {
      onSuccess: () => toast.success(t('restart.done')),
      onError: (err) => toastError(err),
    });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<RestartAlt />}
        disabled={restart.isPending}
        onClick={() => setAsking(true)}
      >
        {t('restart.button')}
      </Button>
      {support.data && (
        <Button
          variant="outlined"
          startIcon={<SupportAgent />}
          href={support.data}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('page.callSupport')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('restart.confirmTitle')}
        onClose={() => setAsking(false)}
        onConfirm={run}
      >
        {t('restart.confirmMessage')}
      </ConfirmDialog>
    </>
  );
}

/** 2-administration §4.1: an import under way (processed -1 while it prepares). */
function ImportProgressCard({ progress, name }: { progress: ImportProgress; name: string }) {
  const { t } = useTranslation('connections');
  const { processed, all, date } = progress.status;
  const preparing = processed < 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-live="polite" data-testid="import-progress">
      <Typography variant="subtitle1" component="h2">
        {t('import.title', { name })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {preparing
          ? t('import.preparing', { count: all })
          : t('import.progress', { processed, all, date: formatUpdatedAt(date) })}
      </Typography>
      <LinearProgress
        variant={preparing ? 'indeterminate' : 'determinate'}
        value={preparing || all === 0 ? 0 : Math.min(100, (processed / all) * 100)}
        aria-label={t('import.title', { name })}
      />
    </Paper>
  );
}

/** Renders again at `until` (a time in ms), so a state that ends then shows it. */
function useRenderAt(until: number | undefined) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
}

/** 2-administration §4.1: a row's import button: close the imported tickets, or preparing / importing. */
function ImportButton({ connection }: { connection: Connection }) {
  const { t } = useTranslation('connections');
  const closeImported = useCloseImported();
  const [asking, setAsking] = useState(false);
  const state = importStateOf(connection.statusImportMessages, Date.now());
  useRenderAt(state?.button === 'preparing' ? state.until : undefined);
  if (!state) return null;
  const small = { size: 'small', variant: 'outlined' } as const;
  if (state.button !== 'closeImported') {
    return (
      <Button {...small} disabled startIcon={<CircularProgress size={14} />}>
        {t(`import.${state.button}Button`)}
      </Button>
    );
  }
  const close = () =>
    closeImported.mutate(connection.id, {
      onSuccess: ({ closed }) => toast.success(t('import.closed', { count: closed })),
      onError: (err) => toastError(err),
    });
  return (
    <>
      <Button {...small} color="warning" disabled={closeImported.isPending} onClick={() => setAsking(true)}>
        {t('import.closeButton')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('import.closeTitle', { name: connection.name })}
        onClose={() => setAsking(false)}
        onConfirm={close}
      >
        {t('import.closeMessage')}
      </ConfirmDialog>
    </>
  );
}
