import type { ChannelDriver, Sent } from './driver';

/** The driver calls another server can ask of the one running a connection's session. */
export type RemoteMethod =
  | 'sendText'
  | 'sendMedia'
  | 'sendLocation'
  | 'sendContact'
  | 'sendReaction'
  | 'edit'
  | 'delete'
  | 'markRead'
  | 'checkNumber'
  | 'profilePicture'
  | 'listChats';

export interface DriverCall {
  method: RemoteMethod;
  args: unknown[];
}

const BUFFER = '$buffer';

/** JSON for the command table; files (Buffers) as base64 rather than JSON's array of numbers. */
export function encodeWire(value: unknown): string {
  return JSON.stringify(value ?? null, function (this: Record<string, unknown>, key, json: unknown) {
    const raw = this[key];
    return Buffer.isBuffer(raw) ? { [BUFFER]: raw.toString('base64') } : json;
  });
}

export function decodeWire(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  return JSON.parse(text, (_key, value: unknown) => {
    const encoded = (value as { [BUFFER]?: unknown } | null)?.[BUFFER];
    return typeof encoded === 'string' ? Buffer.from(encoded, 'base64') : value;
  });
}

/** Runs a call taken from the command table on the driver of this process; a method it lacks answers nothing. */
export async function invoke(driver: ChannelDriver, call: DriverCall): Promise<unknown> {
  const method = driver[call.method];
  if (typeof method !== 'function') return undefined;
  return Reflect.apply(method, driver, call.args);
}

type Forward = (call: DriverCall) => Promise<unknown>;

/**
 * A connection whose session runs on another server, as a driver of this one: every call goes to the
 * lease holder (Sessions.callDriver) and answers what the holder's driver answered, or throws its error.
 * Results are trusted as the holder's driver typed them.
 */
export class RemoteDriver implements ChannelDriver {
  constructor(private readonly forward: Forward) {}

  async connect() {}
  async disconnect() {}

  private call<R>(method: RemoteMethod, args: unknown[]) {
    return this.forward({ method, args }) as Promise<R>;
  }

  sendText(...args: Parameters<ChannelDriver['sendText']>) {
    return this.call<Sent>('sendText', args);
  }
  sendMedia(...args: Parameters<ChannelDriver['sendMedia']>) {
    return this.call<Sent>('sendMedia', args);
  }
  sendLocation(...args: Parameters<ChannelDriver['sendLocation']>) {
    return this.call<Sent>('sendLocation', args);
  }
  sendContact(...args: Parameters<ChannelDriver['sendContact']>) {
    return this.call<Sent>('sendContact', args);
  }
  sendReaction(...args: Parameters<ChannelDriver['sendReaction']>) {
    return this.call<Sent>('sendReaction', args);
  }
  edit(...args: Parameters<ChannelDriver['edit']>) {
    return this.call<void>('edit', args);
  }
  delete(...args: Parameters<ChannelDriver['delete']>) {
    return this.call<void>('delete', args);
  }
  markRead(...args: Parameters<ChannelDriver['markRead']>) {
    return this.call<void>('markRead', args);
  }
  checkNumber(...args: Parameters<ChannelDriver['checkNumber']>) {
    return this.call<string | null>('checkNumber', args);
  }
  profilePicture(...args: Parameters<ChannelDriver['profilePicture']>) {
    return this.call<string | null>('profilePicture', args);
  }
  async listChats() {
    return (await this.call<{ number: string; name: string }[] | null>('listChats', [])) ?? [];
  }
}
