import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Campaign, campaignTestSendBody } from '../../../shared/api/campaigns';
import { DialogForm } from '../../ui/DialogForm';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useCampaignTestSend } from './useCampaigns';

type TestSendValues = z.input<typeof campaignTestSendBody>;

/** Ours (keeping numbers safe): the campaign's first message to one number before it is started. */
export function CampaignTestSendDialog({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const { t } = useTranslation('campaigns');
  const testSend = useCampaignTestSend();
  const { control, handleSubmit, formState } = useForm<TestSendValues>({
    defaultValues: { number: '' },
    resolver: zodResolver(campaignTestSendBody),
  });
  const onValid = async ({ number }: TestSendValues) => {
    try {
      await testSend.mutateAsync({ id: campaign.id, number });
      toast.success(t('testSend.sent'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <TitledDialog open title={t('testSend.title')} onClose={onClose} maxWidth="xs">
      <DialogForm
        onSubmit={handleSubmit(onValid)}
        onCancel={onClose}
        submitLabel={t('testSend.send')}
        saving={formState.isSubmitting}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('testSend.hint')}
        </Typography>
        <FormTextField
          control={control}
          name="number"
          label={t('testSend.number')}
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
      </DialogForm>
    </TitledDialog>
  );
}
