import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { CompanyConnections } from '../../../shared/api/whatsapps';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { useCurrentUser } from '../../app/session';
import { InfoDialog } from '../../ui/InfoDialog';
import { ActionsCell, ListTable, RowAction } from '../../ui/ListTable';
import { countConnections, formatUpdatedAt, statusKeyOf } from './connection-form';
import { useAllConnections } from './useConnections';

/** Route /allConnections (2-administration §2.4): the super administrator's; anyone else goes to /tickets. */
export default function AllConnectionsPage() {
  const user = useCurrentUser();
  return user.super ? <AllConnectionsScreen /> : <Navigate to="/tickets" replace />;
}

function AllConnectionsScreen() {
  const { t } = useTranslation('connections');
  const all = useAllConnections();
  const [detail, setDetail] = useState<CompanyConnections | null>(null);
  const { rows, totals } = countConnections(all.data ?? []);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('all.title')}
      </Typography>
      <ListTable
        label={t('all.title')}
        loadingLabel={t('all.loading')}
        columns={[
          { label: t('all.company') },
          { label: t('all.connected'), align: 'center' },
          { label: t('all.disconnected'), align: 'center' },
          { label: t('all.total'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={all}
        rowCount={rows.length}
        empty={{ title: t('all.empty.title'), message: t('all.empty.message') }}
      >
        {rows.map(({ company, connected, disconnected, total }) => (
          <TableRow key={company.id} hover>
            <TableCell>{company.name}</TableCell>
            <TableCell align="center">{connected}</TableCell>
            <TableCell align="center">{disconnected}</TableCell>
            <TableCell align="center">{total}</TableCell>
            <ActionsCell>
              <RowAction
                label={t('all.details', { name: company.name })}
                icon={<Visibility />}
                onClick={() => setDetail(company)}
              />
            </ActionsCell>
          </TableRow>
        ))}
        {rows.length > 0 && (
          <TableRow data-testid="all-connections-totals" sx={{ '& > *': { fontWeight: 'bold' } }}>
            <TableCell component="th" scope="row">
              {t('all.totals')}
            </TableCell>
            <TableCell align="center">{totals.connected}</TableCell>
            <TableCell align="center">{totals.disconnected}</TableCell>
            <TableCell align="center">{totals.total}</TableCell>
            <TableCell />
          </TableRow>
        )}
      </ListTable>
      {detail && <CompanyConnectionsDialog company={detail} onClose={() => setDetail(null)} />}
    </Box>
  );
}

/** One company's connections: name, channel, number, status and last update. */
function CompanyConnectionsDialog({ company, onClose }: { company: CompanyConnections; onClose(): void }) {
  const { t } = useTranslation('connections');
  return (
    <InfoDialog title={t('all.detailTitle', { name: company.name })} onClose={onClose}>
      {company.connections.length === 0 ? (
        <Typography color="text.secondary">{t('all.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('all.detailTitle', { name: company.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.name')}</TableCell>
              <TableCell>{t('table.channel')}</TableCell>
              <TableCell>{t('table.number')}</TableCell>
              <TableCell>{t('table.status')}</TableCell>
              <TableCell>{t('table.lastUpdate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {company.connections.map((connection) => (
              <TableRow key={connection.id}>
                <TableCell>{connection.name}</TableCell>
                <TableCell>{connection.channel}</TableCell>
                <TableCell>{formatPhoneNumber(connection.number ?? '')}</TableCell>
                <TableCell>{t(statusKeyOf(connection.status))}</TableCell>
                <TableCell>{formatUpdatedAt(connection.updatedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InfoDialog>
  );
}
