import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { useBridge } from '../../bridge/context';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { forwardInOrder } from './forwarding';
import type { ChatMessage } from './messages-cache';
import { useSignature } from './useSignature';

type ContactOption = Ticket['contact'];

/**
 * The contacts to forward to. GET /contacts comes with the contacts issue; until then the source is the
 * contacts of the user's open tickets (GET /tickets?status=open), searched by name or number.
 */
function useForwardContacts(searchParam: string) {
  const bridge = useBridge();
  const { data, isFetching } = useQuery({
    queryKey: ['tickets', 'forwardContacts', searchParam],
    queryFn: () =>
      bridge.request(api.tickets.list, { query: { status: 'open', searchParam, pageNumber: 1 } }),
  });
  const contacts = useMemo(() => {
    const byId = new Map<number, ContactOption>();
    for (const ticket of data?.tickets ?? []) byId.set(ticket.contact.id, ticket.contact);
    return [...byId.values()];
  }, [data]);
  return { contacts, loading: isFetching };
}

interface ForwardMessageModalProps {
  messages: ChatMessage[];
  onClose(): void;
  /** After every message went out. */
  onForwarded(): void;
}

/** 1-attendance §2 forward message: the chosen messages, one at a time, to one contact. */
export function ForwardMessageModal({ messages, onClose, onForwarded }: ForwardMessageModalProps) {
  const { t } = useTranslation('chat');
  const bridge = useBridge();
  const { signs } = useSignature();
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const { contacts, loading } = useForwardContacts(useDebounced(search.trim(), SEARCH_DEBOUNCE_MS));
  const sending = sent !== null;

  const forward = async () => {
    if (!contact) return;
    setSent(0);
    try {
      await forwardInOrder(
        messages.map((m) => m.id),
        (messageId) =>
          bridge.request(api.messages.forward, {
            body: { messageId, contactId: contact.id, signMessage: signs },
          }),
        { onSent: setSent },
      );
      toast.success(t('forward.done', { count: messages.length, name: contact.name }));
      onForwarded();
    } catch (error) {
      toastError(error);
      setSent(null);
    }
  };

  return (
    <TitledDialog
      open
      title={t('forward.title', { count: messages.length })}
      onClose={sending ? undefined : onClose}
      maxWidth="xs"
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <Autocomplete
            options={contacts}
            value={contact}
            onChange={(_, value) => setContact(value)}
            inputValue={search}
            onInputChange={(_, value) => setSearch(value)}
            getOptionLabel={(option) => `${option.name} (${formatPhoneNumber(option.number)})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            // The server searches; every option it answers matches.
            filterOptions={(options) => options}
            loading={loading}
            disabled={sending}
            noOptionsText={t('forward.noContacts')}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Avatar src={option.urlPicture ?? undefined} sx={{ width: 28, height: 28 }}>
                    {option.name.charAt(0)}
                  </Avatar>
                  <span>
                    {option.name}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {formatPhoneNumber(option.number)}
                    </Typography>
                  </span>
                </Stack>
              </li>
            )}
            renderInput={(params) => <TextField {...params} label={t('forward.contact')} autoFocus />}
          />
          {sending && (
            <Stack spacing={1}>
              <LinearProgress variant="determinate" value={(sent / messages.length) * 100} />
              <Typography variant="caption" color="text.secondary" role="status">
                {t('forward.progress', { done: sent, total: messages.length })}
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={sending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={forward} disabled={!contact || sending}>
          {t('forward.send')}
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
