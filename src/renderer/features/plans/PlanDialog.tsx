import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLAN_FLAGS, type Plan } from '../../../shared/api/plans';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { ItemDialog, saveThenClose } from '../../ui/ItemDialog';
import { type PlanFormInput, planForm, planFormValues } from './plan-form';
import { useSavePlan } from './usePlans';

export interface PlanDialogProps {
  open: boolean;
  /** null: a new plan. */
  plan: Plan | null;
  onClose(): void;
}

/** The plans tab's add/edit dialog: name, limits, price, public flag and the modules (2-administration §3 Plan). */
export function PlanDialog({ open, plan, onClose }: PlanDialogProps) {
  const { t } = useTranslation('plans');
  return (
    <ItemDialog
      open={open}
      item={plan}
      titles={{ add: t('dialog.addTitle'), edit: t('dialog.editTitle') }}
      onClose={onClose}
      maxWidth="sm"
    >
      {(item) => <PlanForm plan={item} onClose={onClose} />}
    </ItemDialog>
  );
}

function PlanForm({ plan, onClose }: { plan: Plan | null; onClose(): void }) {
  const { t } = useTranslation('plans');
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<PlanFormInput>({
    defaultValues: planFormValues(plan),
    resolver: zodResolver(planForm, undefined, { raw: true }),
  });
  const save = useSavePlan();

  // The resolver has checked the values; parsing again turns the limits typed as text into numbers.
  const onValid = saveThenClose(
    (values: PlanFormInput) => save.mutateAsync({ id: plan?.id ?? null, body: planForm.parse(values) }),
    t('dialog.saved'),
    onClose,
  );

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(plan === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('dialog.name')} autoFocus required />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
          {(['users', 'connections', 'queues'] as const).map((limit) => (
            <FormTextField
              key={limit}
              control={control}
              name={limit}
              label={t(`dialog.${limit}`)}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
          <FormTextField
            control={control}
            name="amount"
            label={t('dialog.amount')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        <FormSwitch control={control} name="isPublic" label={t('dialog.isPublic')} />
        <Typography variant="subtitle2" component="h3">
          {t('dialog.modules')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {PLAN_FLAGS.map((flag) => (
            <FormSwitch key={flag} control={control} name={flag} label={t(`flags.${flag}`)} />
          ))}
        </Box>
      </Stack>
    </DialogForm>
  );
}
