import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../shared/api/campaigns';
import type { CampaignStatus } from '../../../shared/campaigns';
import { formatShortDateTime } from '../../app/dates';

const STATUS_COLORS: Record<CampaignStatus, ChipProps['color']> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** Why a running campaign waits and when it resumes ("Pausada: … — retoma em …"), or null while it sends. */
export function usePauseText(pause: Campaign['pause']): string | null {
  const { t } = useTranslation('campaigns');
  if (!pause) return null;
  return t(`report.paused.${pause.reason}`, { when: formatShortDateTime(pause.resumesAt) });
}

/**
 * A campaign's status as 3-automation §4 shows it (Inativa, Programada, …), coloured by what it means; a
 * running campaign that waits reads "Pausada", the reason and the time it resumes in its tooltip.
 */
export function CampaignStatusChip({
  status,
  pause = null,
}: {
  status: CampaignStatus;
  pause?: Campaign['pause'];
}) {
  const { t } = useTranslation('campaigns');
  const why = usePauseText(status === 'EM_ANDAMENTO' ? pause : null);
  const chip = (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={why ? t('report.pausedShort') : t(`status.${status}`)}
    />
  );
  return why ? <Tooltip title={why}>{chip}</Tooltip> : chip;
}
