import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ScheduleInput, SHIFTS, WEEKDAYS, type WeekdayEn } from '../../../shared/schedules';
import { FormTextField } from '../../ui/FormFields';

const TIME_FIELDS = SHIFTS.flatMap(({ start, end }) => [start, end]);

interface SchedulesTableProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field holding the week (seven rows, Monday to Sunday). */
  name: Path<T>;
  labelledBy: string;
}

/**
 * 2-administration §3 Schedule rows: seven weekdays × shifts A and B, as time fields of a form. Used by
 * the company's schedules tab and the queue dialog's (the connection dialog's has the same rows).
 */
export function SchedulesTable<T extends FieldValues>({ control, name, labelledBy }: SchedulesTableProps<T>) {
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
          {WEEKDAYS.map((day, index) => (
            <ScheduleRow
              key={day.weekdayEn}
              control={control}
              name={name}
              index={index}
              weekdayEn={day.weekdayEn}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ScheduleRow<T extends FieldValues>({
  control,
  name,
  index,
  weekdayEn,
}: {
  control: Control<T>;
  name: Path<T>;
  index: number;
  weekdayEn: WeekdayEn;
}) {
  const { t } = useTranslation('settings');
  const weekday = t(`weekdays.${weekdayEn}`);
  // The row's path under the week's field: the week is always seven rows in weekday order.
  const rowPath = `${name}.${index}` as Path<T>;
  const row = useWatch({ control, name: rowPath }) as ScheduleInput | undefined;
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
            name={`${rowPath}.${field}` as Path<T>}
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
