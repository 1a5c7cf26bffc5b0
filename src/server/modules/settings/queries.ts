import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  COMPANY_SETTING_DEFAULTS,
  type CompanySettingKey,
  type CompanySettings,
  isCompanySettingKey,
  PLATFORM_COMPANY_ID,
  PLATFORM_SETTING_DEFAULTS,
  type PlatformSettingKey,
} from '../../../shared/settings';
import { outer } from '../../db/outer';
import { companies, companySettings, settings } from '../../db/schema';
import { type TenantDb, tenantDb } from '../../platform/tenant';

/** The platform's own settings (whitelabel, signup, user creation) belong to company 1. */
export { PLATFORM_COMPANY_ID };

/**
 * The platform company's settings, whichever company's handle reads them: every company's users are
 * under them (user creation, signup), so these statements bind the platform company themselves.
 */
const platformOf = (db: TenantDb) =>
  db.companyId === PLATFORM_COMPANY_ID ? db : tenantDb(db.unscoped, PLATFORM_COMPANY_ID);

/** A company's settings with the defaults of 2-administration §3 for keys never saved. */
export async function readCompanySettings(db: TenantDb): Promise<CompanySettings> {
  const rows = await db.select().from(companySettings);
  return withDefaults(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/**
 * Another company's settings, for the super administrator (the service checked who asks): the
 * statement names that company itself. Undefined when there is no such company.
 */
export async function readAnyCompanySettings(
  db: TenantDb,
  companyId: number,
): Promise<CompanySettings | undefined> {
  const [row] = await db.unscoped
    .select({ settings: companySettingsOf(outer(companies.id)) })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.settings;
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
function withDefaults(saved: Record<string, string>): CompanySettings {
  const result: Record<string, string> = { ...COMPANY_SETTING_DEFAULTS };
  for (const [key, value] of Object.entries(saved)) if (isCompanySettingKey(key)) result[key] = value;
  return result as CompanySettings;
}

export async function writeCompanySetting(db: TenantDb, key: CompanySettingKey, value: string) {
  await db
    .insert(companySettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: [companySettings.companyId, companySettings.key],
      set: { value, updatedAt: new Date() },
    });
}

export async function readPlatformSetting(db: TenantDb, key: PlatformSettingKey): Promise<string> {
  const [row] = await platformOf(db)
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value ?? PLATFORM_SETTING_DEFAULTS[key];
}

export async function writePlatformSetting(db: TenantDb, key: PlatformSettingKey, value: string) {
  await platformOf(db)
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: [settings.companyId, settings.key],
      set: { value, updatedAt: new Date() },
    });
}

/** The company's generic settings (the platform company's are its platform keys), by key. */
export function selectSettings(db: TenantDb) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).orderBy(asc(settings.key));
}

export async function findSetting(db: TenantDb, key: string) {
  const [row] = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row;
}
