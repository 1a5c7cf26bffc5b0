import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CompanySchedules } from '../../../shared/api/companies';
import { SHIFTS, schedulesSchema, type WeekdayEn } from '../../../shared/schedules';
import { FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import { LoadState } from './LoadState';
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
      <TableContainer>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell rowSpan={2}>{t('schedules.weekday')}</TableCell>
              <TableCell colSpan={2}>{t('schedules.shiftA')}</TableCell>
              <TableCell colSpan={2}>{t('schedules.shiftB')}</TableCell>
            </TableRow>
            <TableRow>
              {SHIFTS.flatMap(({ start, end }) => [
                <TableCell key={start}>{t('schedules.start')}</TableCell>,
                <TableCell key={end}>{t('schedules.end')}</TableCell>,
              ])}
            </TableRow>
          </TableHead>
          <TableBody>
            {saved.schedules.map((day, index) => (
              <ScheduleRow key={day.weekdayEn} control={control} index={index} weekdayEn={day.weekdayEn} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('schedules.save')}
        </Button>
      </Box>
    </Box>
  );
}

const TIME_FIELDS = SHIFTS.flatMap(({ start, end }) => [start, end]);

function ScheduleRow({
  control,
  index,
  weekdayEn,
}: {
  control: Control<FormInput>;
  index: number;
  weekdayEn: WeekdayEn;
}) {
  const { t } = useTranslation('settings');
  const weekday = t(`weekdays.${weekdayEn}`);
  const row = useWatch({ control, name: `schedules.${index}` });
  const closed = TIME_FIELDS.every((field) => !row?.[field]);
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        {weekday}
        {closed && <Chip size="small" label={t('schedules.closed')} sx={{ ml: 1 }} />}
      </TableCell>
      {TIME_FIELDS.map((field) => (
        <TableCell key={field} sx={{ verticalAlign: 'top', minWidth: 130 }}>
          <FormTextField
            control={control}
            name={`schedules.${index}.${field}`}
            type="time"
            size="small"
            slotProps={{
              htmlInput: {
                step: 60,
                'aria-label': t('schedules.fieldLabel', { field: t(`schedules.fields.${field}`), weekday }),
              },
            }}
          />
        </TableCell>
      ))}
    </TableRow>
  );
}
