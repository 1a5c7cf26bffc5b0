import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Escape or a click outside a dialog where something was typed asks before throwing it away. A dialog is
 * dirty once any field inside it changed by the user's hand (change events bubble to the dialog, from its
 * portals too); its Cancel button is an explicit choice and closes at once. Spread `dialogProps` on the
 * MUI Dialog and render `confirm` beside it.
 */
export function useDiscardGuard(open: boolean, onClose: (() => void) | undefined) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (open) return;
    setDirty(false);
    setAsking(false);
  }, [open]);
  return {
    dialogProps: {
      onClose: onClose && (() => (dirty ? setAsking(true) : onClose())),
      onChange: () => setDirty(true),
    },
    // Mounted only while asking: the question is itself a dialog, which would otherwise nest one forever.
    confirm: onClose && asking && (
      <ConfirmDialog
        open
        title={t('common:discard.title')}
        confirmLabel={t('common:discard.confirm')}
        onClose={() => setAsking(false)}
        onConfirm={onClose}
      >
        {t('common:discard.message')}
      </ConfirmDialog>
    ),
  };
}
