import { campaignSettingsBody } from '../../../shared/api/campaigns';
import {
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSenderSettings,
} from '../../../shared/campaigns';
import { campaignSettings } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

export type { CampaignSenderSettings };

/**
 * A company's campaign settings as the sender reads them: 3-automation §9's keys and the safety keys,
 * each its default until saved (or when saved with a value its schema refuses).
 */
export async function readCampaignSenderSettings(db: TenantDb): Promise<CampaignSenderSettings> {
  const values: CampaignSenderSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS, ...CAMPAIGN_SAFETY_DEFAULTS };
  const rows = await db
    .select({ key: campaignSettings.key, value: campaignSettings.value })
    .from(campaignSettings);
  for (const { key, value } of rows) {
    const field = Object.hasOwn(values, key)
      ? campaignSettingsBody.shape[key as keyof CampaignSenderSettings]
      : undefined;
    const parsed = field?.safeParse(value);
    if (parsed?.success) Object.assign(values, { [key]: parsed.data });
  }
  return values;
}
