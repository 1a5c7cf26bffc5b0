import Close from '@mui/icons-material/Close';
import Forward from '@mui/icons-material/Forward';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { useChatState } from './chat-state';
import type { ChatMessage } from './messages-cache';

/** While messages are being selected: how many, cancel, and forward them. */
export function SelectionBar({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation('chat');
  const selectedIds = useChatState((state) => state.selectedIds);
  const setChat = useChatState((state) => state.set);
  if (selectedIds === null) return null;

  const forward = () => {
    // 1-attendance §5: forwarding with no selected message is an error.
    if (selectedIds.length === 0) {
      toast.error(t('select.noneSelected'));
      return;
    }
    setChat({ forwarding: messages.filter((m) => selectedIds.includes(m.id)) });
  };

  return (
    <Paper square variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
      <IconButton onClick={() => setChat({ selectedIds: null })} aria-label={t('select.cancel')}>
        <Close />
      </IconButton>
      <Typography sx={{ flex: 1 }} role="status">
        {t('select.count', { count: selectedIds.length })}
      </Typography>
      <Button variant="contained" startIcon={<Forward />} onClick={forward}>
        {t('select.forward')}
      </Button>
    </Paper>
  );
}
