import { asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

/** The plans offered at signup, private ones never. */
export function selectPublicPlans(db: DbOrTx) {
  return db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.id));
}
