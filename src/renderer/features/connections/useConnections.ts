import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { FacebookLogin } from '../../../shared/api/graph';
import type {
  Connection,
  ConnectionDetail,
  ConnectionInput,
  NewConnectionInput,
  WhatsappEvent,
  WhatsappSessionEvent,
} from '../../../shared/api/whatsapps';
import { events } from '../../../shared/realtime';
import { CONFIGURED_PUBLIC_SETTING_KEYS } from '../../../shared/settings';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { applySessionEvent, applyWhatsappEvent } from './connections-cache';

export const connectionsKeys = {
  list: ['whatsapps', 'list'] as const,
  detail: (id: number) => ['whatsapps', 'detail', id] as const,
};

/**
 * GET /whatsapp: the company's connections (the connections screen, the new ticket dialog, the connection
 * filter), one cache kept current by the connections events and the dialog's answers.
 */
export function useConnections(enabled = true) {
  const bridge = useBridge();
  return useQuery({
    queryKey: connectionsKeys.list,
    queryFn: () => bridge.request(api.whatsapps.list, {}),
    staleTime: 60_000,
    enabled,
  });
}

/** GET /whatsapp/:id: one connection with its dialog fields and QR code; null asks nothing. */
export function useConnection(id: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: connectionsKeys.detail(id ?? 0),
    queryFn: () => bridge.request(api.whatsapps.show, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

function useApplyWhatsappEvent() {
  const queryClient = useQueryClient();
  return (event: WhatsappEvent) =>
    queryClient.setQueryData<Connection[]>(
      connectionsKeys.list,
      (list) => list && applyWhatsappEvent(list, event),
    );
}

/**
 * 2-administration §4.1 "Live": company-{id}-whatsapp updates or removes rows; company-{id}-whatsappSession
 * changes a row's status and the open QR modal's code.
 */
export function useConnectionsRealtime() {
  const { companyId } = useCurrentUser();
  const queryClient = useQueryClient();
  const apply = useApplyWhatsappEvent();
  useRealtimeEvent(events.whatsapp(companyId), (payload) => apply(payload as WhatsappEvent));
  useRealtimeEvent(events.whatsappSession(companyId), (payload) => {
    const event = payload as WhatsappSessionEvent;
    queryClient.setQueryData<Connection[]>(
      connectionsKeys.list,
      (list) => list && applySessionEvent(list, event),
    );
    queryClient.setQueryData<ConnectionDetail>(
      connectionsKeys.detail(event.session.id),
      (detail) => detail && { ...detail, status: event.session.status, qrcode: event.session.qrcode },
    );
  });
  useReloadAfterReconnect(connectionsKeys.list);
}

export function useSaveConnection() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const apply = useApplyWhatsappEvent();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: { id: number; body: ConnectionInput } | { id: null; body: NewConnectionInput }) =>
      id === null
        ? bridge.request(api.whatsapps.create, { body })
        : bridge.request(api.whatsapps.update, { params: { id }, body }),
    onSuccess: (connection) => {
      const { id, name, channel, status, number, isDefault, updatedAt, queues } = connection;
      apply({
        action: 'update',
        whatsapp: { id, name, channel, status, number, isDefault, updatedAt, queues },
      });
      // A connection that lost the default comes as its own whatsapp event.
      queryClient.setQueryData(connectionsKeys.detail(id), connection);
    },
  });
}

/** POST /facebook: the pages (or Instagram accounts) of a Facebook login become connections. */
export function useConnectFacebook() {
  const bridge = useBridge();
  const apply = useApplyWhatsappEvent();
  return useMutation({
    mutationFn: (login: FacebookLogin) => bridge.request(api.graph.connectFacebook, { body: login }),
    onSuccess: (connections) => {
      for (const whatsapp of connections) apply({ action: 'update', whatsapp });
    },
  });
}

/** What the browser's Facebook login needs from the server's configuration (no app id: no SDK). */
export function useFacebookLoginSettings() {
  const bridge = useBridge();
  const [appId, version] = useQueries({
    queries: CONFIGURED_PUBLIC_SETTING_KEYS.map((key) => ({
      queryKey: ['public-settings', key],
      queryFn: () => bridge.request(api.settings.showPublic, { params: { key }, query: {} }),
      staleTime: 5 * 60_000,
    })),
  });
  return {
    appId: appId?.data,
    version: version?.data,
    ready: Boolean(appId?.isSuccess && version?.isSuccess),
  };
}

export function useDeleteConnection() {
  const bridge = useBridge();
  const apply = useApplyWhatsappEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.whatsapps.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', whatsappId: id }),
  });
}

export type SessionAction = 'retry' | 'newQr' | 'disconnect';

/** The session buttons: try again, new QR, disconnect. */
export function useSessionAction() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) => {
      const route = {
        retry: api.whatsapps.retrySession,
        newQr: api.whatsapps.newQr,
        disconnect: api.whatsapps.disconnect,
      }[action];
      return bridge.request(route, { params: { id } });
    },
  });
}
