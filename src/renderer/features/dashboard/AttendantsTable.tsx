import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AttendantRow } from '../../../shared/api/dashboard';
import { EmptyState } from '../../ui/EmptyState';

/** 2-administration §3 Attendant row: each user's period, rating (0–10 shown on five stars) and online state. */
export function AttendantsTable({ attendants }: { attendants: AttendantRow[] }) {
  const { t, i18n } = useTranslation('dashboard');
  if (attendants.length === 0) return <EmptyState title={t('tabs.attendants')} message={t('empty')} />;
  const minutes = (value: number) => t('minutes', { value: value.toLocaleString(i18n.language) });
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('tabs.attendants')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('attendants.name')}</TableCell>
            <TableCell>{t('attendants.rating')}</TableCell>
            <TableCell align="right">{t('attendants.countRating')}</TableCell>
            <TableCell align="right">{t('attendants.tickets')}</TableCell>
            <TableCell align="right">{t('attendants.avgWaitTime')}</TableCell>
            <TableCell align="right">{t('attendants.avgSupportTime')}</TableCell>
            <TableCell>{t('attendants.online')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attendants.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.name}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                  <Rating value={row.rating / 2} precision={0.5} readOnly size="small" />
                  {row.rating.toLocaleString(i18n.language)}
                </Box>
              </TableCell>
              <TableCell align="right">{row.countRating}</TableCell>
              <TableCell align="right">{row.tickets}</TableCell>
              <TableCell align="right">{minutes(row.avgWaitTime)}</TableCell>
              <TableCell align="right">{minutes(row.avgSupportTime)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={row.online ? 'success' : 'default'}
                  label={row.online ? t('attendants.isOnline') : t('attendants.isOffline')}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
