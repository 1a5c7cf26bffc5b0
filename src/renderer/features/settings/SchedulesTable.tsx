import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ScheduleInput, SHIFTS, type WeekdayEn } from '../../../shared/schedules';
import { FormTextField } from '../../ui/FormFields';

const TIME_FIELDS = SHIFTS.flatMap(({ start, end }) => [start, end]);

interface SchedulesTableProps<T extends FieldValues & { schedules: ScheduleInput[] }> {
  /** A form whose `schedules` field holds the week. */
  control: Control<T>;
  /** The rows, in the form's order. */
  weekdays: readonly { weekdayEn: WeekdayEn }[];
  labelledBy: string;
}

/** Service hours (2-administration §3 "Schedule row"): seven days × shifts A and B, times HH:MM. */
export function SchedulesTable<T extends FieldValues & { schedules: ScheduleInput[] }>({
  control,
  weekdays,
  labelledBy,
}: SchedulesTableProps<T>) {
  const { t } = useTranslation('settings');
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
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
          {weekdays.map((day, index) => (
            <ScheduleRow key={day.weekdayEn} control={control} index={index} weekdayEn={day.weekdayEn} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ScheduleRow<T extends FieldValues & { schedules: ScheduleInput[] }>({
  control,
  index,
  weekdayEn,
}: {
  control: Control<T>;
  index: number;
  weekdayEn: WeekdayEn;
}) {
  const { t } = useTranslation('settings');
  const weekday = t(`weekdays.${weekdayEn}`);
  // The paths exist in every form of this shape; TypeScript cannot follow a template through a generic.
  const row = useWatch({ control, name: `schedules.${index}` as Path<T> }) as ScheduleInput | undefined;
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
            name={`schedules.${index}.${field}` as Path<T>}
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
