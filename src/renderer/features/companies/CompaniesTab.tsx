import Autorenew from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../shared/api/companies';
import { formatBrl } from '../../../shared/money';
import { PLATFORM_COMPANY_ID } from '../../../shared/setting-keys';
import { formatDay, formatShortDateTime } from '../../app/dates';
import { formatBytes } from '../../ui/format-bytes';
import { ActionsCell, ListTable, RowAction } from '../../ui/ListTable';
import { SearchField } from '../../ui/SearchField';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { CompanyDialog } from './CompanyDialog';
import { dueBand, localToday } from './company-form';
import { useCompanies, useDeleteCompany, useRenewCompany } from './useCompanies';

/** A day (YYYY-MM-DD) read as the reader's own, not as UTC midnight (which is the day before west of it). */
const ownDay = (day: string) => new Date(`${day}T00:00:00`);

/** 2-administration §2.6: every company with its plan, due date, use; add, edit, renew and delete. */
export function CompaniesTab() {
  const { t, i18n } = useTranslation('companies');
  const [search, setSearch] = useState('');
  const companies = useCompanies(useDebounced(search.trim(), SEARCH_DEBOUNCE_MS));
  const renew = useRenewCompany();
  const deleteCompany = useDeleteCompany();
  const [dialog, setDialog] = useState<{ open: boolean; company: Company | null }>({
    open: false,
    company: null,
  });
  const removal = useConfirmDelete({
    remove: (company: Company) => deleteCompany.mutateAsync(company.id),
    title: (company) => t('confirmDelete.title', { name: company.name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  const renewCompany = async (company: Company) => {
    try {
      const renewed = await renew.mutateAsync(company.id);
      if (renewed.dueDate) toast.success(t('renewed', { date: formatDay(ownDay(renewed.dueDate)) }));
    } catch (err) {
      toastError(err);
    }
  };
  const rows = companies.data?.pages.flatMap((page) => page.companies) ?? [];
  const today = localToday();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flex: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <SearchField label={t('search')} value={search} onChange={setSearch} />
        <Button variant="contained" onClick={() => setDialog({ open: true, company: null })}>
          {t('add')}
        </Button>
      </Box>
      <ListTable
        label={t('title')}
        loadingLabel={t('loading')}
        columns={[
          { label: t('table.status') },
          { label: t('table.name') },
          { label: t('table.email') },
          { label: t('table.plan') },
          { label: t('table.amount'), align: 'right' },
          { label: t('table.createdAt') },
          { label: t('table.dueDate') },
          { label: t('table.lastLogin') },
          { label: t('table.folderSize'), align: 'right' },
          { label: t('table.files'), align: 'right' },
          { label: t('table.updatedAtFolder') },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={companies}
        rowCount={rows.length}
        empty={{ title: t('empty.title'), message: t('empty.message') }}
      >
        {rows.map((company) => {
          const band = dueBand(company.dueDate, today);
          return (
            <TableRow
              key={company.id}
              hover
              data-due={band}
              sx={(theme) => ({
                backgroundColor: band
                  ? alpha(theme.palette[band === 'overdue' ? 'error' : 'warning'].main, 0.16)
                  : undefined,
              })}
            >
              <TableCell>{company.status ? t('table.active') : t('table.inactive')}</TableCell>
              <TableCell>{company.name}</TableCell>
              <TableCell>{company.email}</TableCell>
              <TableCell>{company.plan.name}</TableCell>
              <TableCell align="right">{formatBrl(company.plan.amount)}</TableCell>
              <TableCell>{formatDay(company.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {company.dueDate ? formatDay(ownDay(company.dueDate)) : '—'}
                {' · '}
                {t(`recurrence.${company.recurrence}`)}
                {/* The colour is not the only sign: the band is also said. */}
                {band && (
                  <Chip
                    size="small"
                    color={band === 'overdue' ? 'error' : 'warning'}
                    label={t(`table.${band}`)}
                    sx={{ ml: 1 }}
                  />
                )}
              </TableCell>
              <TableCell>
                {company.lastLogin ? formatShortDateTime(company.lastLogin) : t('table.never')}
              </TableCell>
              <TableCell align="right">{formatBytes(company.folderSize, i18n.language)}</TableCell>
              <TableCell align="right">{company.numberFileFolder}</TableCell>
              <TableCell>
                {company.updatedAtFolder ? formatShortDateTime(company.updatedAtFolder) : '—'}
              </TableCell>
              <ActionsCell>
                <RowAction
                  label={t('table.edit', { name: company.name })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setDialog({ open: true, company })}
                />
                {company.id !== PLATFORM_COMPANY_ID && (
                  <>
                    <RowAction
                      label={t('table.renew', { name: company.name })}
                      icon={<Autorenew fontSize="small" />}
                      onClick={() => renewCompany(company)}
                    />
                    <RowAction
                      label={t('table.delete', { name: company.name })}
                      icon={<DeleteIcon fontSize="small" />}
                      onClick={() => removal.ask(company)}
                    />
                  </>
                )}
              </ActionsCell>
            </TableRow>
          );
        })}
      </ListTable>
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </Box>
  );
}
