import type { ChannelDriver } from '../../channels/driver';
import { AppError } from '../../platform/app-error';
import type { Context, ServerDeps } from '../../platform/deps';
import { connectionIdsByDefault } from './queries';

/** Channels that address people by phone number (Facebook and Instagram use page-scoped ids). */
const NOT_BY_NUMBER = ['facebook', 'instagram'];

/** The company's first connected phone-number channel, the default connection first. */
export async function numberChannel(ctx: Pick<Context, 'db' | 'deps'>): Promise<ChannelDriver | undefined> {
  for (const id of await connectionIdsByDefault(ctx.db, NOT_BY_NUMBER)) {
    const driver = await ctx.deps.channels.sendingDriver(id);
    if (driver) return driver;
  }
  return undefined;
}

/**
 * 1-attendance §5: the number must be a valid WhatsApp number. Checked with a connected connection of the
 * company when there is one (answering the number as the channel knows it); a company with no connected
 * channel can still keep a contact list, so without one the number is taken as typed.
 */
export async function checkOnChannel(ctx: Pick<Context, 'db' | 'deps'>, number: string) {
  const driver = await numberChannel(ctx);
  return driver ? checkWith(driver, number) : number;
}

/**
 * The number checked on the connection a conversation will use (new ticket, external API), when that
 * connection is up and addresses people by number; else taken as it is.
 */
export async function checkOnConnection(
  deps: ServerDeps,
  connection: { id: number; channel: string },
  number: string,
) {
  const driver = NOT_BY_NUMBER.includes(connection.channel)
    ? undefined
    : await deps.channels.sendingDriver(connection.id);
  return driver ? checkWith(driver, number) : number;
}

/** ERR_WAPP_CHECK_CONTACT when the channel could not tell, ERR_WAPP_INVALID_CONTACT when the number is not on it. */
async function checkWith(driver: ChannelDriver, number: string) {
  let known: string | null;
  try {
    known = await driver.checkNumber(number);
  } catch {
    throw new AppError('ERR_WAPP_CHECK_CONTACT', 400);
  }
  if (!known) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  return known;
}

/** The number's profile picture on a connected channel, when one can tell. */
export async function profilePictureOnChannel(ctx: Pick<Context, 'db' | 'deps'>, number: string) {
  const driver = number ? await numberChannel(ctx) : undefined;
  return driver ? driver.profilePicture(number).catch(() => null) : null;
}
