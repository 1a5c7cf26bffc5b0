import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '../../../shared/campaigns';

const STATUS_COLORS: Record<CampaignStatus, ChipProps['color']> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** A campaign's status as 3-automation §4 shows it (Inativa, Programada, …), coloured by what it means. */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`status.${status}`)} />;
}
