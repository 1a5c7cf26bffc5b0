import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CampaignReport } from '../../../shared/api/campaigns';
import { isAdmin } from '../../../shared/permissions';
import type { CampaignEvent } from '../../../shared/realtime';
import { formatShortDateTime } from '../../app/dates';
import { useCurrentUser } from '../../app/session';
import { errorMessage } from '../../ui/error-message';
import NoPermission from '../../ui/NoPermission';
import { NoticePanel } from '../../ui/NoticePanel';
import { CampaignStatusChip, usePauseText } from './campaign-labels';
import { useCampaignReport, useCampaignsRealtime } from './useCampaigns';

/** 3-automation §4: the report reloads this long after a live update says FINALIZADA. */
export const RELOAD_AFTER_FINISHED_MS = 5000;

/** Route /campaign/:campaignId/report (3-automation §2): how far the run has gone, live. */
export default function CampaignReportPage() {
  return isAdmin(useCurrentUser()) ? <ReportScreen /> : <NoPermission />;
}

function ReportScreen() {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation();
  const id = Number(useParams().campaignId);
  const report = useCampaignReport(id);
  const finishedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(finishedTimer.current), []);
  useCampaignsRealtime((event: CampaignEvent) => {
    if (event.action === 'delete' || event.record.id !== id) return;
    void report.refetch();
    if (event.record.status === 'FINALIZADA') {
      clearTimeout(finishedTimer.current);
      finishedTimer.current = setTimeout(() => void report.refetch(), RELOAD_AFTER_FINISHED_MS);
    }
  });

  if (report.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('report.loading')} />
      </Box>
    );
  }
  if (report.isError) {
    return (
      <NoticePanel
        icon={<ErrorOutline color="disabled" sx={{ fontSize: 48 }} />}
        title={t('page.title')}
        message={errorMessage(report.error, tc)}
      />
    );
  }
  return <Report report={report.data} />;
}

function Report({ report }: { report: CampaignReport }) {
  const { t } = useTranslation('campaigns');
  const { campaign, valid, delivered } = report;
  const paused = usePauseText(campaign.status === 'EM_ANDAMENTO' ? campaign.pause : null);
  const percent = valid === 0 ? 0 : Math.min(100, (delivered / valid) * 100);
  const cards: [string, number][] = [
    [t('report.valid'), report.valid],
    [t('report.delivered'), report.delivered],
    [t('report.confirmationRequested'), report.confirmationRequested],
    [t('report.confirmed'), report.confirmed],
    [t('report.failed'), report.failed],
  ];
  const details: [string, string][] = [
    [t('report.connection'), campaign.whatsapp?.name ?? t('table.notDefined')],
    [t('report.contactList'), campaign.contactList?.name ?? t('table.notDefined')],
    [
      t('report.scheduledAt'),
      campaign.scheduledAt ? formatShortDateTime(campaign.scheduledAt) : t('table.notScheduled'),
    ],
    [
      t('report.completedAt'),
      campaign.completedAt ? formatShortDateTime(campaign.completedAt) : t('table.notCompleted'),
    ],
  ];
  return (
    <Box sx={{ p: 2, overflow: 'auto', height: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('report.title', { name: campaign.name })}
        </Typography>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBack />}>
          {t('report.back')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <CampaignStatusChip status={campaign.status} />
        <Typography role="status">{t('report.progress', { delivered, valid })}</Typography>
      </Stack>
      {paused && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {paused}
        </Alert>
      )}
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('report.progress', { delivered, valid })}
        sx={{ height: 10, borderRadius: 1, mb: 3 }}
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {cards.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, sm: 4, md: 12 / 5 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h4" component="p">
                  {value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        {details.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography>{value}</Typography>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
