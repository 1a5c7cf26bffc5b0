import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_FLAGS, type Plan } from '../../../shared/api/plans';
import { formatBrl } from '../../../shared/money';
import { EditDeleteCell, ListTable } from '../../ui/ListTable';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { PlanDialog } from './PlanDialog';
import { useAllPlans, useDeletePlan } from './usePlans';

/** The settings screen's plans tab (super administrator): every plan, with add, edit and delete. */
export function PlansTab() {
  const { t } = useTranslation('plans');
  const plans = useAllPlans();
  const deletePlan = useDeletePlan();
  const [dialog, setDialog] = useState<{ open: boolean; plan: Plan | null }>({ open: false, plan: null });
  const removal = useConfirmDelete({
    remove: (plan: Plan) => deletePlan.mutateAsync(plan.id),
    title: (plan) => t('confirmDelete.title', { name: plan.name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  const rows = plans.data ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => setDialog({ open: true, plan: null })}>
          {t('add')}
        </Button>
      </Box>
      <ListTable
        label={t('tab')}
        loadingLabel={t('loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.users'), align: 'right' },
          { label: t('table.connections'), align: 'right' },
          { label: t('table.queues'), align: 'right' },
          { label: t('table.amount'), align: 'right' },
          { label: t('table.public') },
          { label: t('table.modules') },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={plans}
        rowCount={rows.length}
        empty={{ title: t('empty.title'), message: t('empty.message') }}
      >
        {rows.map((plan) => (
          <TableRow key={plan.id} hover>
            <TableCell>{plan.name}</TableCell>
            <TableCell align="right">{plan.users}</TableCell>
            <TableCell align="right">{plan.connections}</TableCell>
            <TableCell align="right">{plan.queues}</TableCell>
            <TableCell align="right">{formatBrl(plan.amount)}</TableCell>
            <TableCell>{plan.isPublic ? t('table.yes') : t('table.no')}</TableCell>
            <TableCell>
              {PLAN_FLAGS.filter((flag) => plan[flag])
                .map((flag) => t(`flags.${flag}`))
                .join(', ')}
            </TableCell>
            <EditDeleteCell
              editLabel={t('table.edit', { name: plan.name })}
              deleteLabel={t('table.delete', { name: plan.name })}
              onEdit={() => setDialog({ open: true, plan })}
              onDelete={() => removal.ask(plan)}
            />
          </TableRow>
        ))}
      </ListTable>
      <PlanDialog
        open={dialog.open}
        plan={dialog.plan}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
    </Box>
  );
}
