import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  COMPANY_SETTING_DEFAULTS,
  type CompanySettingKey,
  type CompanySettings,
  isCompanySettingKey,
  PLATFORM_SETTING_DEFAULTS,
  type PlatformSettingKey,
} from '../../../shared/settings';
import { companySettings, settings } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

/** The platform's own settings (whitelabel, signup, user creation) belong to company 1. */
export const PLATFORM_COMPANY_ID = 1;

/** A company's settings with the defaults of 2-administration §3 for keys never saved. */
export async function readCompanySettings(db: DbOrTx, companyId: number): Promise<CompanySettings> {
  const rows = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return withDefaults(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/**
 * A company's settings as a column of another query (one round trip fewer wherever the company's row is
 * read anyway). In a one-table select, pass the company column through `outer()`.
 */
export const companySettingsOf = (companyId: AnyPgColumn | SQL) =>
  // coalesce: drizzle hands a null past mapWith undecoded, and a company may have saved nothing yet.
  sql<CompanySettings>`coalesce((select json_object_agg(${companySettings.key}, ${companySettings.value}) from ${companySettings} where ${companySettings.companyId} = ${companyId}), '{}'::json)`.mapWith(
    (saved: Record<string, string>) => withDefaults(saved),
  );

/** Saved values over the defaults; unknown keys dropped. */
export function withDefaults(saved: Record<string, string>): CompanySettings {
  const result: Record<string, string> = { ...COMPANY_SETTING_DEFAULTS };
  for (const [key, value] of Object.entries(saved)) if (isCompanySettingKey(key)) result[key] = value;
  return result as CompanySettings;
}

export async function writeCompanySetting(
  db: DbOrTx,
  companyId: number,
  key: CompanySettingKey,
  value: string,
) {
  await db
    .insert(companySettings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({
      target: [companySettings.companyId, companySettings.key],
      set: { value, updatedAt: new Date() },
    });
}

export async function readPlatformSetting(db: DbOrTx, key: PlatformSettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, PLATFORM_COMPANY_ID), eq(settings.key, key)));
  return row?.value ?? PLATFORM_SETTING_DEFAULTS[key];
}

export async function writeSetting(db: DbOrTx, companyId: number, key: string, value: string) {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({
      target: [settings.companyId, settings.key],
      set: { value, updatedAt: new Date() },
    });
}
