import { z } from 'zod';
import { companySettingSchemas, LOGO_FILE_NAME } from '../settings';
import { defineRoute } from './contract';

export const settingRow = z.object({ key: z.string(), value: z.string() });
export const companySettingsSchema = z.object(companySettingSchemas);

/** 2-administration §5: one whitelabel logo per mode. */
export const LOGO_MODES = ['Light', 'Dark', 'Favicon'] as const;
export type LogoMode = (typeof LOGO_MODES)[number];
/** The bytes a logo may take. */
export const LOGO_MAX_BYTES = 1024 * 1024;

export const settingsRoutes = {
  /** 2-administration §7: one image per mode (Light, Dark, Favicon), saved as appLogo<mode>. */
  uploadLogo: defineRoute({
    method: 'POST',
    path: '/settings-whitelabel/logo',
    access: 'super',
    multipart: true,
    body: z.object({ typeArch: z.literal('logo').optional(), mode: z.enum(LOGO_MODES) }),
    response: settingRow,
  }),
  /** An uploaded logo's bytes, without a token: the login page shows it. */
  logo: defineRoute({
    method: 'GET',
    path: '/settings-whitelabel/logo/:fileName',
    access: 'public',
    params: z.object({ fileName: z.string().regex(LOGO_FILE_NAME) }),
    response: z.unknown(),
  }),
  list: defineRoute({ method: 'GET', path: '/settings', access: 'admin', response: z.array(settingRow) }),
  update: defineRoute({
    method: 'PUT',
    path: '/settings/:key',
    access: 'admin',
    params: z.object({ key: z.string().min(1).max(100) }),
    body: z.object({ value: z.string().max(5000) }),
    response: settingRow,
  }),
  show: defineRoute({
    method: 'GET',
    path: '/setting/:key',
    access: 'user',
    params: z.object({ key: z.string().min(1).max(100) }),
    response: settingRow,
  }),
  showPublic: defineRoute({
    method: 'GET',
    path: '/public-settings/:key',
    access: 'public',
    params: z.object({ key: z.string().min(1).max(100) }),
    query: z.object({ token: z.string().optional() }),
    response: z.string(),
  }),
  companySettings: defineRoute({
    method: 'GET',
    path: '/companySettings/:companyId',
    access: 'user',
    params: z.object({ companyId: z.coerce.number().int().positive() }),
    response: companySettingsSchema,
  }),
  companySettingOne: defineRoute({
    method: 'GET',
    path: '/companySettingOne',
    access: 'user',
    query: z.object({ column: z.string().min(1).max(100) }),
    response: z.record(z.string(), z.string()),
  }),
  updateCompanySetting: defineRoute({
    method: 'PUT',
    path: '/companySettings',
    access: 'admin',
    body: z.object({ column: z.string().min(1).max(100), data: z.string().max(5000) }),
    response: companySettingsSchema,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/version',
    access: 'public',
    response: z.object({ version: z.string() }),
  }),
  setVersion: defineRoute({
    method: 'POST',
    path: '/version',
    access: 'super',
    body: z.object({ version: z.string().min(1).max(50) }),
    response: z.object({ version: z.string() }),
  }),
};
