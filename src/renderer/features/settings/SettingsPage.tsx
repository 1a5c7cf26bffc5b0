import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import NoPermission from '../../ui/NoPermission';
import { CompaniesTab } from '../companies/CompaniesTab';
import { HelpsTab } from '../helps/HelpsTab';
import { PlansTab } from '../plans/PlansTab';
import { LoadState } from './LoadState';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useCompanySettings, useCompanySettingsRealtime } from './useSettings';
import { WhitelabelTab } from './WhitelabelTab';

type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps' | 'whitelabel';

/** Route /settings (2-administration §2.7): admins only; plain users see the no-permission view. */
export default function SettingsPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <SettingsScreen /> : <NoPermission />;
}

function SettingsScreen() {
  const { t } = useTranslation('settings');
  const { t: tCompanies } = useTranslation('companies');
  const { t: tPlans } = useTranslation('plans');
  const { t: tHelps } = useTranslation('helps');
  const isSuper = useCurrentUser().super;
  const tabsId = useId();
  const settings = useCompanySettings();
  useCompanySettingsRealtime();
  const [chosen, setChosen] = useState<SettingsTab>('options');
  // The schedules tab exists only while the company's hours are the ones that apply.
  const showSchedules = settings.data?.scheduleType === 'company';
  const tab = chosen === 'schedules' && !showSchedules ? 'options' : chosen;

  return (
    <Box sx={{ height: '100%', minHeight: 0, overflow: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100, mx: 'auto' }}>
        <Typography variant="h5" component="h1">
          {t('page.title')}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, next: SettingsTab) => setChosen(next)}
          // Six tabs for the super administrator do not fit a phone: they scroll.
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('page.tabs.label')}
        >
          <Tab
            value="options"
            label={t('page.tabs.options')}
            id={`${tabsId}-options-tab`}
            aria-controls={`${tabsId}-panel`}
          />
          {showSchedules && (
            <Tab
              value="schedules"
              label={t('page.tabs.schedules')}
              id={`${tabsId}-schedules-tab`}
              aria-controls={`${tabsId}-panel`}
            />
          )}
          {isSuper && (
            <Tab
              value="companies"
              label={tCompanies('tab')}
              id={`${tabsId}-companies-tab`}
              aria-controls={`${tabsId}-panel`}
            />
          )}
          {isSuper && (
            <Tab
              value="plans"
              label={tPlans('tab')}
              id={`${tabsId}-plans-tab`}
              aria-controls={`${tabsId}-panel`}
            />
          )}
          {isSuper && (
            <Tab
              value="helps"
              label={tHelps('tab')}
              id={`${tabsId}-helps-tab`}
              aria-controls={`${tabsId}-panel`}
            />
          )}
          {isSuper && (
            <Tab
              value="whitelabel"
              label={t('whitelabel.tab')}
              id={`${tabsId}-whitelabel-tab`}
              aria-controls={`${tabsId}-panel`}
            />
          )}
        </Tabs>
        <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}-tab`}>
          {tab === 'companies' ? (
            <CompaniesTab />
          ) : tab === 'plans' ? (
            <PlansTab />
          ) : tab === 'helps' ? (
            <HelpsTab />
          ) : tab === 'whitelabel' ? (
            <WhitelabelTab />
          ) : !settings.data ? (
            <LoadState
              loading={settings.isPending}
              loadingLabel={t('page.loading')}
              errorText={t('page.loadError')}
              onRetry={() => settings.refetch()}
            />
          ) : tab === 'options' ? (
            <OptionsTab settings={settings.data} />
          ) : (
            <SchedulesTab />
          )}
        </Box>
      </Box>
    </Box>
  );
}
