import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Company, RECURRENCES } from '../../../shared/api/companies';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { ItemDialog, saveThenClose } from '../../ui/ItemDialog';
import { useAllPlans } from '../plans/usePlans';
import { type CompanyFormInput, companyForm, companyFormValues } from './company-form';
import { useSaveCompany } from './useCompanies';

export interface CompanyDialogProps {
  open: boolean;
  /** null: a new company. */
  company: Company | null;
  onClose(): void;
}

/** The companies screen's add/edit dialog (2-administration §2.6, §3 Company, §5). */
export function CompanyDialog({ open, company, onClose }: CompanyDialogProps) {
  const { t } = useTranslation('companies');
  return (
    <ItemDialog
      open={open}
      item={company}
      titles={{ add: t('dialog.addTitle'), edit: t('dialog.editTitle') }}
      onClose={onClose}
      maxWidth="sm"
    >
      {(item) => <CompanyForm company={item} onClose={onClose} />}
    </ItemDialog>
  );
}

function CompanyForm({ company, onClose }: { company: Company | null; onClose(): void }) {
  const { t } = useTranslation('companies');
  const isNew = company === null;
  const schema = companyForm(isNew);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<CompanyFormInput>({
    defaultValues: companyFormValues(company),
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const save = useSaveCompany();
  const plans = useAllPlans();

  // The resolver has checked the values; parsing again turns the typed limits and date into the API's.
  const onValid = saveThenClose(
    (values: CompanyFormInput) => save.mutateAsync({ id: company?.id ?? null, body: schema.parse(values) }),
    t('dialog.saved'),
    onClose,
  );

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(isNew, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('dialog.name')} autoFocus required />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="email" label={t('dialog.email')} type="email" required />
          {isNew && (
            <FormTextField
              control={control}
              name="passwordDefault"
              label={t('dialog.passwordDefault')}
              type="password"
              autoComplete="new-password"
              required
            />
          )}
          <FormTextField control={control} name="phone" label={t('dialog.phone')} />
          <FormTextField control={control} name="planId" label={t('dialog.plan')} select required>
            {(plans.data ?? []).map((plan) => (
              <MenuItem key={plan.id} value={plan.id}>
                {plan.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="recurrence" label={t('dialog.recurrence')} select>
            {RECURRENCES.map((recurrence) => (
              <MenuItem key={recurrence} value={recurrence}>
                {t(`recurrence.${recurrence}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="dueDate"
            label={t('dialog.dueDate')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField control={control} name="document" label={t('dialog.document')} />
          <FormTextField control={control} name="paymentMethod" label={t('dialog.paymentMethod')} />
          {(['numberAttendants', 'numberConections'] as const).map((limit) => (
            <FormTextField
              key={limit}
              control={control}
              name={limit}
              label={t(`dialog.${limit}`)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
        </Box>
        <FormSwitch control={control} name="status" label={t('dialog.status')} />
      </Stack>
    </DialogForm>
  );
}
