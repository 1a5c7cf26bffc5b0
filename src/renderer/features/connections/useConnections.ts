import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api';
import type { FacebookLogin } from '../../../shared/api/graph';
import type {
  Connection,
  ConnectionDetail,
  ConnectionInput,
  ImportMessagesEvent,
  NewConnectionInput,
  WhatsappEvent,
} from '../../../shared/api/whatsapps';
import { events } from '../../../shared/realtime';
import { CONFIGURED_PUBLIC_SETTING_KEYS } from '../../../shared/setting-keys';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { applySessionEvent, applyWhatsappEvent } from './connections-cache';

/** 2-administration §4.1: statuses that raise the side menu's warning on the connections entry. */
// Here rather than in connection-form.ts: the shell reads it, and that module's schemas are the
// connection dialog's, not the first paint's.
const WARNING_STATUSES: readonly string[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export const connectionsKeys = {
  list: ['whatsapps', 'list'] as const,
  all: ['whatsapps', 'all'] as const,
  detail: (id: number) => ['whatsapps', 'detail', id] as const,
  media: (id: number, stored: string) => ['whatsapps', 'media', id, stored] as const,
  supportLink: ['settings', 'supportLink'] as const,
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
 * changes a row's status and the open QR modal's code. Applying an event twice changes nothing, so the
 * screen and the side menu may both listen.
 */
export function useConnectionsRealtime(enabled = true) {
  const { companyId } = useCurrentUser();
  const queryClient = useQueryClient();
  const apply = useApplyWhatsappEvent();
  useRealtimeEvent(enabled ? events.whatsapp(companyId) : null, apply);
  useRealtimeEvent(enabled ? events.whatsappSession(companyId) : null, (event) => {
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
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: { id: number; body: ConnectionInput } | { id: null; body: NewConnectionInput }) =>
      id === null
        ? bridge.request(api.whatsapps.create, { body })
        : bridge.request(api.whatsapps.update, { params: { id }, body }),
    onSuccess: useApplyDetail(),
  });
}

/** A connection's answer (a save, an attachment) into the list and its detail. */
function useApplyDetail() {
  const queryClient = useQueryClient();
  const apply = useApplyWhatsappEvent();
  return (connection: ConnectionDetail) => {
    const { id, name, channel, status, number, isDefault, updatedAt, queues, statusImportMessages } =
      connection;
    apply({
      action: 'update',
      whatsapp: { id, name, channel, status, number, isDefault, updatedAt, queues, statusImportMessages },
    });
    // A connection that lost the default comes as its own whatsapp event.
    queryClient.setQueryData(connectionsKeys.detail(id), connection);
  };
}

/** The greeting attachment: a new image or video (POST), or none (DELETE). */
export function useSetGreetingMedia() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? bridge.request(api.whatsapps.uploadMedia, {
            params: { id },
            body: {},
            files: [{ field: 'file', name: file.name, type: file.type, data: file }],
          })
        : bridge.request(api.whatsapps.removeMedia, { params: { id } }),
    onSuccess: useApplyDetail(),
  });
}

/** The stored greeting attachment's bytes, for its preview; null asks nothing. */
export function useGreetingMedia(id: number, stored: string | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: connectionsKeys.media(id, stored ?? ''),
    queryFn: () => bridge.download(api.whatsapps.media, { params: { id } }),
    enabled: stored !== null,
    staleTime: Infinity,
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

/** Linking by phone number: the code to type on the phone. */
export function usePairingCode() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ id, number }: { id: number; number: string }) =>
      bridge.request(api.whatsapps.pairingCode, { params: { id }, body: { number } }),
  });
}

/** POST /whatsapp-restart: every connection of the company starts again. */
export function useRestartConnections() {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => bridge.request(api.whatsapps.restart, {}) });
}

/** POST /closedimported/:id: the "close imported tickets" button. */
export function useCloseImported() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.whatsapps.closeImported, { params: { id } }),
  });
}

/** The platform's support link (a platform setting); empty hides the "call support" button. */
export function useSupportLink() {
  const bridge = useBridge();
  return useQuery({
    queryKey: connectionsKeys.supportLink,
    queryFn: async () => (await bridge.request(api.settings.show, { params: { key: 'supportLink' } })).value,
    staleTime: 5 * 60_000,
  });
}

export type ImportProgress = Extract<ImportMessagesEvent, { action: 'update' }>;

/**
 * importMessages-{companyId} (2-administration §4.1): the imports under way, by connection. An import's
 * refresh clears its progress and reloads the connections, as the spec's page reload would.
 */
export function useImportProgress() {
  const { companyId } = useCurrentUser();
  const queryClient = useQueryClient();
  const [imports, setImports] = useState<ReadonlyMap<number, ImportProgress>>(new Map());
  useRealtimeEvent(events.importMessages(companyId), (event) => {
    setImports((current) => {
      const next = new Map(current);
      if (event.action === 'update') next.set(event.whatsappId, event);
      else next.delete(event.whatsappId);
      return next;
    });
    if (event.action === 'refresh') void queryClient.invalidateQueries({ queryKey: ['whatsapps'] });
  });
  return imports;
}

/** 2-administration §2.4: every company with its connections (super administrators). */
export function useAllConnections() {
  const bridge = useBridge();
  return useQuery({
    queryKey: connectionsKeys.all,
    queryFn: () => bridge.request(api.whatsapps.all, {}),
  });
}

/** The warning is looked at this long after the app loads (1-attendance §2, 2-administration §4.1). */
export const WARNING_DELAY_MS = 2000;

/**
 * The side menu's warning on the connections entry: some connection is in qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT or OPENING. Checked 2000 ms after load, then kept live by the connection events.
 */
export function useConnectionsWarning(enabled: boolean) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setArmed(true), WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const connections = useConnections(enabled && armed);
  useConnectionsRealtime(enabled);
  return (
    enabled &&
    armed &&
    (connections.data ?? []).some((connection) => WARNING_STATUSES.includes(connection.status))
  );
}
