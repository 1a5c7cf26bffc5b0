import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CompanySchedules } from '../../../shared/api/companies';
import { schedulesSchema } from '../../../shared/schedules';
import { toast, toastError } from '../../ui/toast';
import { LoadState } from './LoadState';
import { SchedulesTable } from './SchedulesTable';
import { useCompanySchedules, useSaveCompanySchedules } from './useSettings';

const schedulesForm = z.object({ schedules: schedulesSchema });
type FormInput = z.input<typeof schedulesForm>;
type FormOutput = z.output<typeof schedulesForm>;

/** 2-administration §2.7 schedules tab: the company's seven days × two shifts. */
export function SchedulesTab() {
  const { t } = useTranslation('settings');
  const query = useCompanySchedules();
  if (!query.data) {
    return (
      <LoadState
        loading={query.isPending}
        loadingLabel={t('schedules.loading')}
        errorText={t('schedules.loadError')}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <SchedulesForm saved={query.data} />;
}

function SchedulesForm({ saved }: { saved: CompanySchedules }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const save = useSaveCompanySchedules();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    // The saved week: a successful save shows what the server kept.
    values: { schedules: saved.schedules },
    resolver: zodResolver(schedulesForm),
  });

  const onValid = async ({ schedules }: FormOutput) => {
    try {
      await save.mutateAsync(schedules);
      toast.success(t('schedules.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box>
        <Typography id={titleId} variant="h6" component="h2">
          {t('schedules.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('schedules.intro', { timezone: saved.timezone })}
        </Typography>
      </Box>
      <SchedulesTable control={control} name="schedules" labelledBy={titleId} />
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('schedules.save')}
        </Button>
      </Box>
    </Box>
  );
}
