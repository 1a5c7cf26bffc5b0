import type { z } from 'zod';
import type { Help, helpBody } from '../../../shared/api/helps';
import { notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import * as q from './queries';

type HelpInput = z.output<typeof helpBody>;

// Help entries are the platform's, the same for every company: they are read and written over the
// database itself (writes are the super administrator's, by the contract's access).

export function listHelps(ctx: Context): Promise<Help[]> {
  return q.selectHelps(ctx.deps.db);
}

export function createHelp(ctx: Context, input: HelpInput): Promise<Help> {
  return q.insertHelp(ctx.deps.db, input);
}

export async function updateHelp(ctx: Context, id: number, input: HelpInput): Promise<Help> {
  const help = await q.updateHelpRow(ctx.deps.db, id, input);
  if (!help) throw notFound('ERR_NO_HELP_FOUND');
  return help;
}

export async function deleteHelp(ctx: Context, id: number) {
  if (!(await q.deleteHelpRow(ctx.deps.db, id))) throw notFound('ERR_NO_HELP_FOUND');
  return { ok: true as const };
}
