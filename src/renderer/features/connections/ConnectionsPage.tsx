import CheckCircle from '@mui/icons-material/CheckCircle';
import CropFree from '@mui/icons-material/CropFree';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import SignalWifiOff from '@mui/icons-material/SignalWifiOff';
import Star from '@mui/icons-material/Star';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../shared/api/whatsapps';
import { can } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { ConnectionDialog } from './ConnectionDialog';
import { formatUpdatedAt, sessionButtonsOf } from './connection-form';
import { useFacebookConnect } from './FacebookConnect';
import { type NewConnectionKind, NewConnectionMenu } from './NewConnectionMenu';
import { QrCodeDialog } from './QrCodeDialog';
import {
  type SessionAction,
  useConnections,
  useConnectionsRealtime,
  useDeleteConnection,
  useSessionAction,
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
    >
      <NewConnectionMenu anchor={menu} onClose={() => setMenu(null)} onChoose={choose} />
      {facebook.dialog}
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
  const known = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING', 'CONNECTED'].includes(
    connection.status,
  );
  return (
    <TableRow hover data-testid={`connection-${connection.id}`}>
      <TableCell align="center">
        <Tooltip title={connection.channel}>
          <ChannelIcon fontSize="small" aria-label={connection.channel} />
        </Tooltip>
      </TableCell>
      <TableCell>{connection.name}</TableCell>
      <TableCell>{connection.number}</TableCell>
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
            {t(`status.${known ? connection.status : 'unknown'}`)}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell align="center">
        <SessionButtons connection={connection} onQr={onQr} />
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
