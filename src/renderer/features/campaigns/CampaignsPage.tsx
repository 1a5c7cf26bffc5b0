import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Campaign } from '../../../shared/api/campaigns';
import { isAdmin } from '../../../shared/permissions';
import { formatShortDateTime } from '../../app/dates';
import { useCurrentUser } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { ActionsCell, ListTable, RowAction } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useTagOptions } from '../tags/useTags';
import { CampaignDialog } from './CampaignDialog';
import { CampaignTestSendDialog } from './CampaignTestSendDialog';
import { CampaignStatusChip } from './campaign-labels';
import { useCampaignRun, useCampaignsList, useCampaignsRealtime, useDeleteCampaign } from './useCampaigns';

/** Route /campaigns (3-automation §2): the company's campaigns, for admins (plain users: no access). */
export default function CampaignsPage() {
  return isAdmin(useCurrentUser()) ? <CampaignsScreen /> : <NoPermission />;
}

function CampaignsScreen() {
  const { t } = useTranslation('campaigns');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: a new campaign.
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const [testing, setTesting] = useState<Campaign | null>(null);
  const list = useCampaignsList(searchParam);
  const deleteCampaign = useDeleteCampaign();
  const run = useCampaignRun();
  const navigate = useNavigate();
  const removal = useConfirmDelete({
    remove: (campaign: Campaign) => deleteCampaign.mutateAsync(campaign.id),
    title: ({ name }) => t('confirmDelete.title', { name }),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useCampaignsRealtime();
  // A tag audience is shown by the tag's name.
  const tags = useTagOptions();
  const tagName = (id: number) => tags.data?.find((tag) => tag.id === id)?.name ?? '';

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const runAction = async (campaign: Campaign, action: 'cancel' | 'restart') => {
    try {
      await run.mutateAsync({ id: campaign.id, action });
      toast.success(t(action === 'cancel' ? 'cancelled' : 'restarted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t('page.title')}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setEditing(null)}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.status'), align: 'center' },
          { label: t('table.contactList') },
          { label: t('table.connection') },
          { label: t('table.scheduledAt') },
          { label: t('table.completedAt') },
          { label: t('table.confirmation'), align: 'center' },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={records.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {records.map((campaign) => (
          <CampaignRow
            key={campaign.id}
            campaign={campaign}
            tagName={campaign.tagListId === null ? null : tagName(campaign.tagListId)}
            onStop={() => void runAction(campaign, 'cancel')}
            onRestart={() => void runAction(campaign, 'restart')}
            onReport={() => navigate(`/campaign/${campaign.id}/report`)}
            onTestSend={() => setTesting(campaign)}
            onEdit={() => setEditing(campaign)}
            onDelete={() => removal.ask(campaign)}
          />
        ))}
      </ListTable>

      {editing !== undefined && <CampaignDialog campaign={editing} onClose={() => setEditing(undefined)} />}
      {testing && <CampaignTestSendDialog campaign={testing} onClose={() => setTesting(null)} />}
      {removal.dialog}
    </ListPage>
  );
}

interface RowProps {
  campaign: Campaign;
  tagName: string | null;
  onStop(): void;
  onRestart(): void;
  onReport(): void;
  onTestSend(): void;
  onEdit(): void;
  onDelete(): void;
}

function CampaignRow({
  campaign,
  tagName,
  onStop,
  onRestart,
  onReport,
  onTestSend,
  onEdit,
  onDelete,
}: RowProps) {
  const { t } = useTranslation('campaigns');
  const { name, status } = campaign;
  const audience =
    campaign.contactList?.name ?? (tagName === null ? null : t('table.tag', { name: tagName }));
  return (
    <TableRow hover>
      <TableCell>{name}</TableCell>
      <TableCell align="center">
        <CampaignStatusChip status={status} pause={campaign.pause} />
      </TableCell>
      <TableCell>{audience ?? t('table.notDefined')}</TableCell>
      <TableCell>{campaign.whatsapp?.name ?? t('table.notDefined')}</TableCell>
      <TableCell>
        {campaign.scheduledAt ? formatShortDateTime(campaign.scheduledAt) : t('table.notScheduled')}
      </TableCell>
      <TableCell>
        {campaign.completedAt ? formatShortDateTime(campaign.completedAt) : t('table.notCompleted')}
      </TableCell>
      <TableCell align="center">{t(campaign.confirmation ? 'table.enabled' : 'table.disabled')}</TableCell>
      <ActionsCell>
        {status === 'EM_ANDAMENTO' && (
          <RowAction
            label={t('table.stop', { name })}
            icon={<PauseCircleOutline fontSize="small" />}
            onClick={onStop}
          />
        )}
        {status === 'CANCELADA' && (
          <RowAction
            label={t('table.restart', { name })}
            icon={<PlayCircleOutline fontSize="small" />}
            onClick={onRestart}
          />
        )}
        <RowAction
          label={t('table.report', { name })}
          icon={<AssessmentOutlined fontSize="small" />}
          onClick={onReport}
        />
        <RowAction
          label={t('testSend.action', { name })}
          icon={<SendOutlined fontSize="small" />}
          onClick={onTestSend}
        />
        <RowAction label={t('table.edit', { name })} icon={<EditIcon fontSize="small" />} onClick={onEdit} />
        <RowAction
          label={t('table.delete', { name })}
          icon={<DeleteIcon fontSize="small" />}
          onClick={onDelete}
        />
      </ActionsCell>
    </TableRow>
  );
}
