import Close from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { ColorChip } from '../../ui/ColorChip';
import { ContactDialog } from '../contacts/ContactDialog';
import { useContact, useContactsRealtime } from '../contacts/useContacts';
import { SMALL_SCREEN } from './ChatHeader';

/** 1-attendance §9: the contact drawer is 320 px wide. */
const CONTACT_DRAWER_WIDTH = 320;

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
 * connection, queue and the ticket's tags; the contact's email, tags and extra information
 * (GET /contacts/:id), and the contact dialog to edit them.
 */
export function ContactDrawer({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose(): void }) {
  const { t } = useTranslation('chat');
  const small = useMediaQuery(SMALL_SCREEN);
  const titleId = useId();
  const { contact } = ticket;
  const [editing, setEditing] = useState(false);
  const detail = useContact(open ? ticket.contactId : null).data;
  useContactsRealtime();
  return (
    <Drawer
      anchor="right"
      variant={small ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { position: small ? 'fixed' : 'relative', width: CONTACT_DRAWER_WIDTH },
        },
      }}
      sx={{
        width: open && !small ? CONTACT_DRAWER_WIDTH : 0,
        flexShrink: 0,
        // Over the shell's app bar, as any dialog.
        zIndex: small ? (theme) => theme.zIndex.modal : undefined,
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
      </Stack>
      <ContactDialog open={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
    </Drawer>
  );
}
