import { z } from 'zod';
import { campaignSettingsBody } from '../../../shared/api/campaigns';
import {
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSafetyValues,
  type CampaignSettingsValues,
} from '../../../shared/campaigns';
import { campaignSettings } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

/** Each safety key's own schema: a stored value it refuses reads as the default. */
const safetyFields: { [K in keyof CampaignSafetyValues]: z.ZodType<CampaignSafetyValues[K]> } = {
  jitterSeconds: z.number().int().min(0).max(600),
  dailyLimit: z.number().int().min(0),
  warmUp: z.boolean(),
  optOutKeywords: z.array(z.string().trim().min(1).max(100)).max(50),
  confirmationWaitHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
};

export type CampaignSenderSettings = CampaignSettingsValues & CampaignSafetyValues;

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
    const field =
      key in CAMPAIGN_SETTINGS_DEFAULTS
        ? campaignSettingsBody.shape[key as keyof CampaignSettingsValues]
        : key in CAMPAIGN_SAFETY_DEFAULTS
          ? safetyFields[key as keyof CampaignSafetyValues]
          : undefined;
    const parsed = field?.safeParse(value);
    if (parsed?.success) Object.assign(values, { [key]: parsed.data });
  }
  return values;
}
