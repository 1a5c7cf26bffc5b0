import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { helpBody } from '../../../shared/api/helps';
import { helps } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

type HelpValues = z.output<typeof helpBody>;

const fields = { id: helps.id, title: helps.title, description: helps.description, video: helps.video };

export function selectHelps(db: DbOrTx) {
  return db.select(fields).from(helps).orderBy(asc(helps.title), asc(helps.id));
}

export async function insertHelp(db: DbOrTx, values: HelpValues) {
  const [help] = await db.insert(helps).values(values).returning(fields);
  return help!;
}

export async function updateHelpRow(db: DbOrTx, id: number, values: HelpValues) {
  const [help] = await db
    .update(helps)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning(fields);
  return help;
}

export async function deleteHelpRow(db: DbOrTx, id: number) {
  return (await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id })).length > 0;
}
