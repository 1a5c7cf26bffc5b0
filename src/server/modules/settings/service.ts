import { and, asc, eq } from 'drizzle-orm';
import packageJson from '../../../../package.json' with { type: 'json' };
import { VALIDATION } from '../../../shared/errors';
import type { SettingsEvent } from '../../../shared/realtime';
import {
  type CompanySettings,
  type ConfiguredPublicSettingKey,
  companySettingSchemas,
  isCompanySettingKey,
  isPlatformSettingKey,
  missingRequiredMessage,
  PLATFORM_SETTING_DEFAULTS,
  PLATFORM_SETTING_KEYS,
  type PlatformSettingKey,
  PUBLIC_SETTING_KEYS,
  platformSettingSchemas,
} from '../../../shared/settings';
import { companies, settings } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/database';
import { type EventSink, toCompany } from '../../platform/events';
import {
  PLATFORM_COMPANY_ID,
  readCompanySettings,
  readPlatformSetting,
  writeCompanySetting,
  writeSetting,
} from './company-settings';

export interface SettingRow {
  key: string;
  value: string;
}

const noSetting = () => notFound('ERR_NO_SETTING_FOUND');

function emitSettingChanged(sink: EventSink, companyId: number, setting: SettingRow) {
  const payload: SettingsEvent = { action: 'update', setting };
  sink.publish(toCompany('settings', companyId, payload));
}

/** The company's generic settings; the platform company also sees every platform key, defaults filled in. */
export async function listSettings(db: DbOrTx, actor: Actor): Promise<SettingRow[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, actor.companyId))
    .orderBy(asc(settings.key));
  if (actor.companyId !== PLATFORM_COMPANY_ID) return rows;
  const stored = new Set(rows.map((r) => r.key));
  const missing = PLATFORM_SETTING_KEYS.filter((key) => !stored.has(key)).map((key) => ({
    key,
    value: PLATFORM_SETTING_DEFAULTS[key],
  }));
  return [...rows, ...missing].sort((a, b) => a.key.localeCompare(b.key));
}

async function savePlatformSetting(
  db: DbOrTx,
  key: PlatformSettingKey,
  raw: string,
  sink: EventSink,
): Promise<SettingRow> {
  const value = platformSettingSchemas[key].parse(raw);
  await writeSetting(db, PLATFORM_COMPANY_ID, key, value);
  emitSettingChanged(sink, PLATFORM_COMPANY_ID, { key, value });
  return { key, value };
}

/** 2-administration §6: platform keys (userCreation, signup, whitelabel) are the super user's alone. */
export async function updateSetting(
  db: DbOrTx,
  actor: Actor,
  key: string,
  value: string,
  sink: EventSink,
): Promise<SettingRow> {
  if (!isPlatformSettingKey(key)) throw noSetting();
  if (!actor.super) throw forbidden();
  return savePlatformSetting(db, key, value, sink);
}

export async function showSetting(db: DbOrTx, actor: Actor, key: string): Promise<SettingRow> {
  if (isPlatformSettingKey(key)) return { key, value: await readPlatformSetting(db, key) };
  const [row] = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, actor.companyId), eq(settings.key, key)));
  if (!row) throw noSetting();
  return row;
}

const isPublicSettingKey = (key: string): key is (typeof PUBLIC_SETTING_KEYS)[number] =>
  (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);

const CONFIGURED: Record<ConfiguredPublicSettingKey, (config: Config) => string> = {
  facebookAppId: (config) => config.graph.appId ?? '',
  facebookApiVersion: (config) => config.graph.version,
};
const isConfiguredKey = (key: string): key is ConfiguredPublicSettingKey => key in CONFIGURED;

/**
 * Read without a token by the login and signup pages: only the whitelisted keys, never userCreation;
 * and the configured ones.
 */
export async function showPublicSetting(db: DbOrTx, config: Config, key: string): Promise<string> {
  if (isConfiguredKey(key)) return CONFIGURED[key](config);
  if (!isPublicSettingKey(key)) throw noSetting();
  return readPlatformSetting(db, key);
}

/** A company's settings: its own members read them; the super user reads any company's. */
export async function showCompanySettings(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
): Promise<CompanySettings> {
  if (companyId !== actor.companyId) {
    if (!actor.super) throw forbidden();
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound('ERR_NO_COMPANY_FOUND');
  }
  return readCompanySettings(db, companyId);
}

export async function showCompanySetting(
  db: DbOrTx,
  actor: Actor,
  column: string,
): Promise<Record<string, string>> {
  if (!isCompanySettingKey(column)) throw noSetting();
  const current = await readCompanySettings(db, actor.companyId);
  return { [column]: current[column] };
}

/** 2-administration §4.5: one key per save, validated with its schema and the §5 dependent-field rules. */
export async function updateCompanySetting(
  db: Db,
  actor: Actor,
  column: string,
  data: string,
  sink: EventSink,
): Promise<CompanySettings> {
  if (!isCompanySettingKey(column)) throw noSetting();
  const value = companySettingSchemas[column].parse(data);
  const next = await db.transaction(async (tx) => {
    const current = await readCompanySettings(tx, actor.companyId);
    const updated: CompanySettings = { ...current, [column]: value };
    if (missingRequiredMessage(updated, column)) throw new AppError(VALIDATION.required, 400);
    await writeCompanySetting(tx, actor.companyId, column, value);
    return updated;
  });
  emitSettingChanged(sink, actor.companyId, { key: column, value });
  return next;
}

/** The client's version: the one the super user published, else this server's own. */
export async function showVersion(db: DbOrTx): Promise<{ version: string }> {
  return { version: (await readPlatformSetting(db, 'frontendVersion')) || packageJson.version };
}

export async function setVersion(db: DbOrTx, version: string, sink: EventSink): Promise<{ version: string }> {
  const saved = await savePlatformSetting(db, 'frontendVersion', version, sink);
  return { version: saved.value };
}
