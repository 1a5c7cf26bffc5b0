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
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Context } from '../../platform/deps';
import { type EventSink, toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { type AuditedContext, auditIn } from '../audit/recorder';
import * as q from './queries';

export interface SettingRow {
  key: string;
  value: string;
}

const noSetting = () => notFound('ERR_NO_SETTING_FOUND');

function emitSettingChanged(sink: EventSink, companyId: number, setting: SettingRow) {
  const payload: SettingsEvent = { action: 'update', setting };
  sink.publish(toCompany('settings', companyId, payload));
}

/**
 * Every setting the caller's company has: its company keys (defaults filled in, the values GET
 * /companySettings reads), its generic rows, and for the platform company every platform key.
 */
export async function listSettings(ctx: Context): Promise<SettingRow[]> {
  const [generic, company] = await Promise.all([q.selectSettings(ctx.db), q.readCompanySettings(ctx.db)]);
  const rows = new Map<string, string>(generic.map((row) => [row.key, row.value]));
  for (const [key, value] of Object.entries(company)) rows.set(key, value);
  if (ctx.actor.companyId === q.PLATFORM_COMPANY_ID) {
    // Its generic rows are the platform keys it saved; the others are at their defaults.
    for (const key of PLATFORM_SETTING_KEYS)
      if (!rows.has(key)) rows.set(key, PLATFORM_SETTING_DEFAULTS[key]);
  }
  return [...rows].map(([key, value]) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));
}

async function savePlatformSetting(
  ctx: AuditedContext,
  key: PlatformSettingKey,
  raw: string,
): Promise<SettingRow> {
  const value = platformSettingSchemas[key].parse(raw);
  await ctx.db.transaction(async (tx) => {
    const before = await q.readPlatformSetting(tx, key);
    await q.writePlatformSetting(tx, key, value);
    await auditSetting(ctx, tx, key, before, value);
  });
  emitSettingChanged(ctx.events, q.PLATFORM_COMPANY_ID, { key, value });
  return { key, value };
}

/** A setting's change in the audit log, in the transaction that writes it. */
const auditSetting = (ctx: AuditedContext, tx: TenantDb, key: string, before: string, after: string) =>
  auditIn(ctx, tx, {
    action: 'setting.update',
    entity: 'setting',
    entityId: key,
    before: { [key]: before },
    after: { [key]: after },
  });

/** A logo just stored under its mode's key (the upload route checked the caller is super). */
export function saveLogoSetting(
  ctx: Context,
  key: `appLogo${'Light' | 'Dark' | 'Favicon'}`,
  fileName: string,
) {
  return savePlatformSetting(ctx, key, fileName);
}

/**
 * 2-administration §7 PUT /settings/{key}: a company key is the company's admins' (as PUT /companySettings);
 * platform keys (userCreation, signup, whitelabel) are the super user's alone (§6).
 */
export async function updateSetting(ctx: Context, key: string, value: string): Promise<SettingRow> {
  if (isCompanySettingKey(key)) {
    const saved = await updateCompanySetting(ctx, key, value);
    return { key, value: saved[key] };
  }
  if (!isPlatformSettingKey(key)) throw noSetting();
  if (!ctx.actor.super) throw forbidden();
  return savePlatformSetting(ctx, key, value);
}

export async function showSetting(ctx: Context, key: string): Promise<SettingRow> {
  if (isPlatformSettingKey(key)) return { key, value: await q.readPlatformSetting(ctx.db, key) };
  if (isCompanySettingKey(key)) return { key, value: (await q.readCompanySettings(ctx.db))[key] };
  const row = await q.findSetting(ctx.db, key);
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
 * Read without a token by the login and signup pages (through the platform company's handle): only the
 * whitelisted keys, never userCreation; and the configured ones.
 */
export async function showPublicSetting(platform: TenantDb, config: Config, key: string): Promise<string> {
  if (isConfiguredKey(key)) return CONFIGURED[key](config);
  if (!isPublicSettingKey(key)) throw noSetting();
  return q.readPlatformSetting(platform, key);
}

/** A company's settings: its own members read them; the super user reads any company's. */
export async function showCompanySettings(ctx: Context, companyId: number): Promise<CompanySettings> {
  if (companyId === ctx.actor.companyId) return q.readCompanySettings(ctx.db);
  if (!ctx.actor.super) throw forbidden();
  const settings = await q.readAnyCompanySettings(ctx.db, companyId);
  if (!settings) throw notFound('ERR_NO_COMPANY_FOUND');
  return settings;
}

export async function showCompanySetting(ctx: Context, column: string): Promise<Record<string, string>> {
  if (!isCompanySettingKey(column)) throw noSetting();
  const current = await q.readCompanySettings(ctx.db);
  return { [column]: current[column] };
}

/** 2-administration §4.5: one key per save, validated with its schema and the §5 dependent-field rules. */
export async function updateCompanySetting(
  ctx: AuditedContext,
  column: string,
  data: string,
): Promise<CompanySettings> {
  if (!isCompanySettingKey(column)) throw noSetting();
  const value = companySettingSchemas[column].parse(data);
  const next = await ctx.db.transaction(async (tx) => {
    const current = await q.readCompanySettings(tx);
    const updated: CompanySettings = { ...current, [column]: value };
    if (missingRequiredMessage(updated, column)) throw new AppError(VALIDATION.required, 400);
    await q.writeCompanySetting(tx, column, value);
    await auditSetting(ctx, tx, column, current[column], value);
    return updated;
  });
  emitSettingChanged(ctx.events, ctx.actor.companyId, { key: column, value });
  return next;
}

/** The client's version (read without a token, through the platform company's handle): the one the super user published, else this server's own. */
export async function showVersion(platform: TenantDb): Promise<{ version: string }> {
  return { version: (await q.readPlatformSetting(platform, 'frontendVersion')) || packageJson.version };
}

export async function setVersion(ctx: Context, version: string): Promise<{ version: string }> {
  const saved = await savePlatformSetting(ctx, 'frontendVersion', version);
  return { version: saved.value };
}
