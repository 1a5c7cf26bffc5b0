import { randomUUID } from 'node:crypto';
import type { LogoMode } from '../../../shared/api/settings';
import { PLATFORM_COMPANY_ID } from '../../../shared/settings';
import { AppError } from '../../platform/app-error';
import type { Context, ReceivedFile, ServerDeps } from '../../platform/deps';
import { IMAGE_TYPES, imageTypeOf, imageTypeOfName } from '../../platform/images';
import * as q from './queries';
import { saveLogoSetting } from './service';

/** The platform's logos sit with its company's public files (they count in its folder on the companies screen). */
const logoKey = (fileName: string) => `company${PLATFORM_COMPANY_ID}/branding/${fileName}`;

/**
 * 2-administration §5: one image per mode, images only (the declared type and the first bytes agree), at
 * most LOGO_MAX_BYTES (the route's upload limit). The previous logo of that mode leaves the store.
 */
export async function uploadLogo(ctx: Context, mode: LogoMode, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  const type = file && imageTypeOf(file);
  if (!file || !type || files.length !== 1) throw new AppError('ERR_INVALID_FILE', 400);
  const key = `appLogo${mode}` as const;
  const previous = await q.readPlatformSetting(ctx.db, key);
  const fileName = `${randomUUID()}.${IMAGE_TYPES[type]}`;
  await ctx.deps.avatars.put(logoKey(fileName), file);
  const saved = await saveLogoSetting(ctx, key, fileName);
  if (previous && imageTypeOfName(previous)) await ctx.deps.avatars.remove([logoKey(previous)]);
  return saved;
}

/** An uploaded logo, for anyone (the login page is before sign-in). */
export async function findLogo(deps: ServerDeps, fileName: string) {
  const type = imageTypeOfName(fileName);
  const found = type && (await deps.avatars.find(logoKey(fileName)));
  if (!type || !found) throw new AppError('ERR_NOT_FOUND', 404);
  return { ...found, type };
}
