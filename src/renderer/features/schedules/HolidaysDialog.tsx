import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../app/dates';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useHolidayActions, useHolidays } from './useSchedules';

/** The company's holidays (admins): the days the day rule treats as non-working. */
export function HolidaysDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('schedules');
  const holidays = useHolidays(open);
  const { add, remove } = useHolidayActions();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const submit = async () => {
    try {
      await add.mutateAsync({ date, name });
      toast.success(t('holidays.saved'));
      setDate('');
      setName('');
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <TitledDialog open={open} title={t('holidays.title')} onClose={onClose} maxWidth="xs">
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('holidays.hint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField
            type="date"
            label={t('holidays.date')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
          />
          <TextField
            label={t('holidays.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            size="small"
            sx={{ flexGrow: 1 }}
          />
          <Button variant="contained" onClick={submit} disabled={!date || !name.trim() || add.isPending}>
            {t('holidays.add')}
          </Button>
        </Stack>
        {holidays.data?.length === 0 && <Typography color="text.secondary">{t('holidays.empty')}</Typography>}
        <List dense>
          {holidays.data?.map((holiday) => (
            <ListItem
              key={holiday.id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('holidays.remove', { name: holiday.name })}
                  onClick={() => remove.mutate(holiday.id, { onError: toastError })}
                >
                  <DeleteOutlineOutlined />
                </IconButton>
              }
            >
              <ListItemText primary={holiday.name} secondary={formatDay(`${holiday.date}T12:00:00`)} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('holidays.close')}</Button>
      </DialogActions>
    </TitledDialog>
  );
}
