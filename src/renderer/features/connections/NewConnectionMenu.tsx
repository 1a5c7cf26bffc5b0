import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { PlanFlag } from '../../../shared/api/plans';
import { planAllows } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';

export type NewConnectionKind = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram';

/** 2-administration §2.1 and §6: each entry under its plan flag (the Cloud API is WhatsApp). */
const ENTRIES: readonly { kind: NewConnectionKind; flag: PlanFlag; Icon: typeof WhatsApp }[] = [
  { kind: 'whatsapp', flag: 'useWhatsapp', Icon: WhatsApp },
  { kind: 'whatsappapi', flag: 'useWhatsapp', Icon: WhatsApp },
  { kind: 'facebook', flag: 'useFacebook', Icon: Facebook },
  { kind: 'instagram', flag: 'useInstagram', Icon: Instagram },
];

/** A connection's channel as the menu names it; a channel outside the menu reads as WhatsApp. */
export const channelKind = (channel: string | undefined): NewConnectionKind =>
  ENTRIES.find((entry) => entry.kind === channel)?.kind ?? 'whatsapp';

/** The new-connection menu: an entry the company's plan lacks is shown disabled. */
export function NewConnectionMenu({
  anchor,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  onChoose(kind: NewConnectionKind): void;
}) {
  const { t } = useTranslation('connections');
  const { plan } = useCurrentUser().company;
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('newConnection.menu') } }}
    >
      {ENTRIES.map(({ kind, flag, Icon }) => (
        <MenuItem key={kind} disabled={!planAllows(plan, flag)} onClick={() => onChoose(kind)}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(`newConnection.${kind}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
