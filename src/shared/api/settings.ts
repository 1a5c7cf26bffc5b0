import { z } from 'zod';
import { companySettingSchemas } from '../settings';
import { defineRoute } from './contract';

export const settingRow = z.object({ key: z.string(), value: z.string() });
export const companySettingsSchema = z.object(companySettingSchemas);

export const settingsRoutes = {
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
