import MoreVert from '@mui/icons-material/MoreVert';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import { planAllows } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { ActionsMenu } from '../../ui/ActionsMenu';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast, toastError } from '../../ui/toast';
import { NotesDialog } from '../tags/NotesDialog';
import { useTicketActions } from '../tickets/useTicketActions';
import { useTicketsCache } from '../tickets/useTicketsList';
import type { PdfText } from './pdf-layout';
import { printTicketTranscript } from './print-transcript';
import { TicketLogDialog } from './TicketLogDialog';
import { fetchAllMessages } from './useMessages';

// Loaded when first opened: the chat's bundle stays as it was.
const ScheduleDialog = lazy(() =>
  import('../schedules/ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })),
);

/**
 * 1-attendance §2 options menu: delete (permission-gated), integration on/off, ticket log, PDF export, and
 * the schedule-message dialog (plan flag useSchedules) prefilled with the ticket's contact and connection.
 */
export function TicketOptionsMenu({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation(['chat', 'schedules']);
  const bridge = useBridge();
  const cache = useTicketsCache();
  const actions = useTicketActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [showNotes, setShowNotes] = useState(false);
  const [showSchedule, setShowSchedule] = useState(false);
  const schedules = planAllows(useCurrentUser().company.plan, 'useSchedules');

  const toggleIntegration = async () => {
    try {
      const updated = await bridge.request(api.tickets.update, {
        params: { id: ticket.id },
        body: { useIntegration: !ticket.useIntegration },
      });
      // Through the tickets cache, as every ticket change: lists and the bell follow too.
      cache.applyTicketEvent({ action: 'update', ticket: updated });
    } catch (error) {
      toastError(error);
    }
  };

  const pdfText: PdfText = {
    title: (id) => t('pdf.title', { id }),
    contact: (name, number) => t('pdf.contact', { name, number }),
    exportedAt: (when) => t('pdf.exportedAt', { when }),
    system: t('pdf.system'),
    privateNote: t('pdf.privateNote'),
    deleted: t('message.deleted'),
    media: (type) => `[${t(`mediaLabel.${type}`, { defaultValue: t('mediaLabel.application') })}]`,
  };

  const exportPdf = async () => {
    try {
      const messages = await fetchAllMessages(bridge, ticket.uuid);
      // 1-attendance §8: the export failure text.
      if (!printTicketTranscript(ticket, messages, pdfText, i18n.language))
        toast.error(t('pdf.nothingToExport'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <ActionsMenu
        label={t('header.options')}
        icon={<MoreVert />}
        actions={[
          actions.mayDelete && { key: 'delete', run: () => setConfirmDelete(true) },
          { key: ticket.useIntegration ? 'disableIntegration' : 'enableIntegration', run: toggleIntegration },
          { key: 'notes', run: () => setShowNotes(true) },
          { key: 'log', run: () => setShowLog(true) },
          { key: 'exportPdf', run: exportPdf },
          schedules && { key: 'schedule', run: () => setShowSchedule(true) },
        ]}
        actionLabel={(key) => (key === 'schedule' ? t('schedules:chatAction') : t(`header.menu.${key}`))}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('header.confirmDelete.title', { id: ticket.id })}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void actions.remove(ticket)}
      >
        {t('header.confirmDelete.message')}
      </ConfirmDialog>
      {showLog && <TicketLogDialog ticketId={ticket.id} onClose={() => setShowLog(false)} />}
      {showNotes && <NotesDialog ticket={ticket} onClose={() => setShowNotes(false)} />}
      {showSchedule && (
        <Suspense fallback={null}>
          <ScheduleDialog
            open
            schedule={null}
            draft={{ contactId: ticket.contactId, whatsappId: ticket.whatsappId }}
            onClose={() => setShowSchedule(false)}
          />
        </Suspense>
      )}
    </>
  );
}
