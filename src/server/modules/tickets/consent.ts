import type { CompanySettings } from '../../../shared/settings';
import type { ContactRow } from './queries';

/**
 * docs/behaviour.md "Inbound message pipeline" 5: a new ticket waits for LGPD consent (status lgpd) when the
 * company asks for it (enableLGPD and an lgpdMessage) and the contact has not given it yet, or it is asked
 * on every attendance (lgpdConsent enabled). Groups are never asked, nor contacts the bots do not answer.
 */
export function consentRequired(
  settings: CompanySettings,
  contact: Pick<ContactRow, 'isGroup' | 'disableBot' | 'lgpdAcceptedAt'>,
) {
  return (
    settings.enableLGPD === 'enabled' &&
    settings.lgpdMessage.trim() !== '' &&
    !contact.isGroup &&
    !contact.disableBot &&
    (settings.lgpdConsent === 'enabled' || contact.lgpdAcceptedAt === null)
  );
}
