import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_PAID, type Invoice } from '../../../shared/api/invoices';
import { formatBrl } from '../../../shared/money';
import { formatDueDate, subscriptionState } from '../../app/subscription';
import { ActionsCell, ListTable } from '../../ui/ListTable';
import { CheckoutDialog } from './CheckoutDialog';
import { useInvoicesList } from './useInvoices';

/**
 * 2-administration §2.9 and §4.3: the company's invoices; 'Pago' shows the paid badge, any other status a
 * pay button that opens the checkout.
 */
export function InvoicesTable({ searchParam }: { searchParam: string }) {
  const { t } = useTranslation('billing');
  const list = useInvoicesList(searchParam);
  const [paying, setPaying] = useState<Invoice | undefined>(undefined);
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  return (
    <>
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.id') },
          { label: t('table.detail') },
          { label: t('table.users'), align: 'center' },
          { label: t('table.connections'), align: 'center' },
          { label: t('table.value'), align: 'right' },
          { label: t('table.dueDate'), align: 'center' },
          { label: t('table.status'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={invoices.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} onPay={() => setPaying(invoice)} />
        ))}
      </ListTable>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(undefined)} />}
    </>
  );
}

function InvoiceRow({ invoice, onPay }: { invoice: Invoice; onPay(): void }) {
  const { t, i18n } = useTranslation('billing');
  const paid = invoice.status === INVOICE_PAID;
  const overdue = !paid && subscriptionState(invoice.dueDate, new Date()).kind === 'overdue';
  const dueDate = formatDueDate(invoice.dueDate, i18n.language);
  return (
    <TableRow hover>
      <TableCell>{invoice.id}</TableCell>
      <TableCell>{invoice.detail}</TableCell>
      <TableCell align="center">{invoice.users}</TableCell>
      <TableCell align="center">{invoice.connections}</TableCell>
      <TableCell align="right">{formatBrl(invoice.value)}</TableCell>
      <TableCell align="center">{dueDate}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          color={paid ? 'success' : overdue ? 'error' : 'warning'}
          label={paid ? t('table.paid') : overdue ? t('table.overdue') : t('table.open')}
        />
      </TableCell>
      <ActionsCell>
        {!paid && (
          <Button
            size="small"
            variant="contained"
            onClick={onPay}
            aria-label={`${t('table.pay')} ${dueDate}`}
          >
            {t('table.pay')}
          </Button>
        )}
      </ActionsCell>
    </TableRow>
  );
}
