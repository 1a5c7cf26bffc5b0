import AccessTime from '@mui/icons-material/AccessTime';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import Headphones from '@mui/icons-material/Headphones';
import { useTranslation } from 'react-i18next';
import { ackState } from './message-rules';

const ICONS = { pending: AccessTime, sent: Done, delivered: DoneAll, read: DoneAll, played: Headphones };

/** 1-attendance §4: the delivery state of a message we sent. */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation('chat');
  const state = ackState(ack);
  const Icon = ICONS[state];
  const seen = state === 'read' || state === 'played';
  return (
    <Icon
      titleAccess={t(`ack.${state}`)}
      sx={{ fontSize: 16, color: seen ? 'info.main' : 'text.secondary' }}
      data-ack={state}
    />
  );
}
