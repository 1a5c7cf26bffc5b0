import Close from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { formatShortDateTime } from '../../app/dates';
import { useBridge } from '../../bridge/context';
import { ColorChip } from '../../ui/ColorChip';
import { ContactDialog } from '../contacts/ContactDialog';
import { useContact, useContactsRealtime } from '../contacts/useContacts';
import { useTicketNotes } from '../tags/useNotes';

/** 1-attendance §9: the contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = 320;
/**
 * Beside a chat at least this wide the drawer takes its own column; on a narrower chat it lies over it,
 * so the header never has to squeeze the contact's name to make room (a 1440 px window with the menu and
 * the list open leaves the chat about 750 px).
 */
export const CHAT_MIN_BESIDE_DRAWER_PX = 720;

/** The contact's tickets (GET /tickets?contactId), newest first, as far as the viewer may see them. */
function useContactTickets(contactId: number, enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['tickets', 'contact', contactId],
    queryFn: () => bridge.request(api.tickets.list, { query: { contactId, showAll: true } }),
    enabled,
  });
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 2, pt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The contact's other tickets; choosing one opens it. */
function EarlierTickets({ ticket, open }: { ticket: Ticket; open: boolean }) {
  const { t } = useTranslation(['chat', 'contacts']);
  const navigate = useNavigate();
  const query = useContactTickets(ticket.contactId, open);
  const others = query.data?.tickets.filter((other) => other.id !== ticket.id) ?? [];
  return (
    <Section title={t('contact.tickets')}>
      {query.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {t('contact.loading')}
        </Typography>
      ) : others.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('contact.noTickets')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('contact.tickets')}>
          {others.map((other) => (
            <ListItemButton key={other.id} onClick={() => navigate(`/tickets/${other.uuid}`)} sx={{ px: 1 }}>
              <ListItemText
                primary={t('contact.ticket', {
                  id: other.id,
                  status: t(`contact.status.${other.status}`),
                })}
                secondary={`${formatShortDateTime(other.updatedAt)}${other.queue ? ` · ${other.queue.name}` : ''}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Section>
  );
}

/** This ticket's notes (1-attendance §3 Note), newest first. */
function Notes({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation(['chat', 'contacts']);
  const notes = useTicketNotes(ticket.id, ticket.contactId).data ?? [];
  return (
    <Section title={t('contact.notes')}>
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('contact.noNotes')}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {notes.map((note) => (
            <Box key={note.id}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.note}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[note.user?.name, formatShortDateTime(note.createdAt)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The contact of the ticket: picture, name, number (masked when the server masks it, lgpdHideNumber),
 * connection, queue and the ticket's tags; the contact's email, tags, extra information and LGPD consent
 * (GET /contacts/:id), its earlier tickets, this ticket's notes, and the contact dialog to edit them.
 * `overlay`: over the chat (a narrow chat) rather than beside it.
 */
export function ContactDrawer({
  ticket,
  open,
  overlay,
  onClose,
}: {
  ticket: Ticket;
  open: boolean;
  overlay: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['chat', 'contacts']);
  const titleId = useId();
  const { contact } = ticket;
  const [editing, setEditing] = useState(false);
  const detail = useContact(open ? ticket.contactId : null).data;
  useContactsRealtime();
  return (
    <Drawer
      anchor="right"
      variant={overlay ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: overlay ? 'dialog' : 'complementary',
          'aria-labelledby': titleId,
          sx: { position: overlay ? 'fixed' : 'relative', width: CONTACT_DRAWER_WIDTH },
        },
      }}
      sx={{
        width: open && !overlay ? CONTACT_DRAWER_WIDTH : 0,
        flexShrink: 0,
        // Over the shell's app bar, as any dialog.
        zIndex: overlay ? (theme) => theme.zIndex.modal : undefined,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, minHeight: 56 }}>
        <IconButton onClick={onClose} aria-label={t('contact.close')}>
          <Close />
        </IconButton>
        <Typography id={titleId} variant="subtitle1" component="h2">
          {t('contact.title')}
        </Typography>
      </Stack>
      <Divider />
      <Stack spacing={2} sx={{ p: 2, alignItems: 'center' }}>
        <Avatar src={contact.urlPicture ?? undefined} alt="" sx={{ width: 120, height: 120, fontSize: 48 }}>
          {contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography variant="h6" component="p" sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}>
          {detail?.name ?? contact.name}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {t('contacts:dialog.edit')}
        </Button>
      </Stack>
      <Stack component="dl" spacing={1.5} sx={{ px: 2, m: 0 }}>
        <Field label={t('contact.number')}>{formatPhoneNumber(contact.number)}</Field>
        {ticket.whatsapp && <Field label={t('contact.connection')}>{ticket.whatsapp.name}</Field>}
        <Field label={t('contact.queue')}>{ticket.queue?.name ?? t('contact.noQueue')}</Field>
        {ticket.tags.length > 0 && (
          <Field label={t('contact.tags')}>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
              component="span"
            >
              {ticket.tags.map((tag) => (
                <Chip
                  key={tag.id}
                  size="small"
                  label={tag.name}
                  sx={{ bgcolor: tag.color, color: 'common.white' }}
                />
              ))}
            </Stack>
          </Field>
        )}
        {detail?.email && <Field label={t('contacts:dialog.email')}>{detail.email}</Field>}
        {detail && detail.tags.length > 0 && (
          <Field label={t('contacts:drawer.contactTags')}>
            <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {detail.tags.map((tag) => (
                <ColorChip key={tag.id} size="small" label={tag.name} color={tag.color} />
              ))}
            </Stack>
          </Field>
        )}
        {detail?.extraInfo.map((info) => (
          <Field key={info.id} label={info.name}>
            {info.value}
          </Field>
        ))}
        {detail && (
          <Field label={t('contact.lgpd')}>
            {detail.lgpdAcceptedAt
              ? t('contact.lgpdAccepted', { date: formatShortDateTime(detail.lgpdAcceptedAt) })
              : t('contact.lgpdNone')}
          </Field>
        )}
      </Stack>
      <EarlierTickets ticket={ticket} open={open} />
      {open && <Notes ticket={ticket} />}
      <Box sx={{ pb: 2 }} />
      <ContactDialog open={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
    </Drawer>
  );
}
