import { proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { driverHarness, settle } from '../test/fake-whatsapp';
import { ackOfReceipt, ackOfStatus } from './acks';
import { WhatsappDriver, WhatsappNotConnectedError } from './driver';
import { toJid } from './jid';

const CONTACT = '5511977776666@s.whatsapp.net';
const CONTACT_LID = '187654321098765@lid';
const GROUP = '120363041234567890@g.us';
const Status = proto.WebMessageInfo.Status;

async function connected(overrides: Parameters<typeof driverHarness>[0] = {}) {
  const harness = driverHarness(overrides);
  const driver = new WhatsappDriver(harness.options);
  await driver.connect();
  harness.socket.open('5511900001111:7@s.whatsapp.net');
  await settle();
  return { ...harness, driver, socket: harness.socket };
}

const text = (id: string, body: string, key: Partial<WAMessage['key']> = {}): WAMessage => ({
  key: { remoteJid: CONTACT, fromMe: false, id, ...key },
  messageTimestamp: 1_717_171_717,
  pushName: 'Maria Silva',
  message: { conversation: body },
});

describe('messages arriving on the socket', () => {
  it('hands each new message to the pipeline, in order, online or delivered while offline', async () => {
    const { socket, recorded } = await connected();
    socket.receive([text('M1', 'primeira'), text('M2', 'segunda')]);
    socket.receive([text('M3', 'recebida offline')], 'append');
    await settle();
    expect(recorded.inbound.map((m) => [m.id, m.body])).toEqual([
      ['M1', 'primeira'],
      ['M2', 'segunda'],
      ['M3', 'recebida offline'],
    ]);
  });

  it('keeps arrival order even when an earlier message has a slow file to download', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { socket, recorded } = await connected({
      download: async () => {
        await slow;
        return Buffer.from('jpeg');
      },
    });
    socket.receive([
      { ...text('PHOTO', ''), message: { imageMessage: { mimetype: 'image/jpeg', url: 'https://mmg' } } },
    ]);
    socket.receive([text('AFTER', 'depois da foto')]);
    await settle();
    expect(recorded.inbound).toEqual([]);
    release();
    await settle();
    expect(recorded.inbound.map((m) => m.id)).toEqual(['PHOTO', 'AFTER']);
    expect(recorded.inbound[0]!.media?.data).toEqual(Buffer.from('jpeg'));
  });

  it('stores an edit or a delete only after the messages before it', async () => {
    const { socket, recorded } = await connected();
    socket.receive([
      text('M1', 'às 15h'),
      {
        ...text('EDIT1', ''),
        message: {
          protocolMessage: {
            key: { remoteJid: CONTACT, id: 'M1' },
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            editedMessage: { conversation: 'às 16h' },
          },
        },
      },
      text('M2', 'apaga essa'),
      {
        ...text('REVOKE1', ''),
        message: {
          protocolMessage: {
            key: { remoteJid: CONTACT, id: 'M2' },
            type: proto.Message.ProtocolMessage.Type.REVOKE,
          },
        },
      },
    ]);
    await settle();
    expect(recorded.log).toEqual(['inbound M1', 'edit M1', 'inbound M2', 'delete M2']);
    expect(recorded.edits).toEqual([{ id: 'M1', body: 'às 16h' }]);
  });

  it('goes on with the other messages when one cannot be stored', async () => {
    const { socket, recorded, options } = await connected();
    const inbound = options.events.inbound;
    options.events.inbound = async (message) => {
      if (message.id === 'BAD') throw new Error('database unavailable');
      return inbound(message);
    };
    socket.receive([text('BAD', 'x'), text('GOOD', 'y')]);
    await settle();
    expect(recorded.inbound.map((m) => m.id)).toEqual(['GOOD']);
  });

  it('finds the phone number of a lid sender in Baileys’ lid store when the message lacks it', async () => {
    const { socket, recorded } = await connected();
    socket.lids.set('187654321098765@lid', CONTACT);
    socket.receive([
      text('LID1', 'oi', { remoteJid: '187654321098765@lid', addressingMode: 'lid' }),
      text('LID2', 'oi', { remoteJid: '111222333444555@lid', addressingMode: 'lid' }),
    ]);
    await settle();
    expect(recorded.inbound.map((m) => m.from)).toEqual(['5511977776666', '111222333444555@lid']);
  });

  it('names a group by its subject, asked once, and follows its renames', async () => {
    const { socket, recorded } = await connected();
    socket.groups.set(GROUP, 'Clientes VIP');
    const member = { remoteJid: GROUP, participant: '5511955554444@s.whatsapp.net' };
    socket.receive([text('G1', 'oi', member), text('G2', 'tudo bem?', member)]);
    await settle();
    socket.emit('groups.update', [{ id: GROUP, subject: 'Clientes VIP 2025' }]);
    await settle();
    socket.receive([text('G3', 'novo nome', member)]);
    await settle();
    expect(recorded.inbound.map((m) => m.group?.name)).toEqual([
      'Clientes VIP',
      'Clientes VIP',
      'Clientes VIP 2025',
    ]);
    expect(socket.calledWith('groupMetadata')).toEqual([[GROUP]]);
  });

  it('gives a group with an unreadable subject no name (the pipeline names it by its id)', async () => {
    const { socket, recorded } = await connected();
    socket.receive([text('G1', 'oi', { remoteJid: GROUP, participant: '5511955554444@s.whatsapp.net' })]);
    await settle();
    expect(recorded.inbound[0]!.group).toEqual({ id: GROUP, name: '' });
  });

  it('reports offered calls', async () => {
    const { socket, recorded } = await connected();
    const at = new Date('2025-03-01T12:00:00Z');
    socket.emit('call', [
      { chatId: CONTACT, from: CONTACT, id: 'C1', date: at, offline: false, status: 'offer', isVideo: false },
      { chatId: CONTACT, from: CONTACT, id: 'C1', date: at, offline: false, status: 'terminate' },
    ]);
    await settle();
    expect(recorded.calls).toEqual([{ id: 'C1', from: '5511977776666', at, video: false }]);
  });

  it('declines a call while it is offered, to the JID it came from', async () => {
    const { socket, driver } = await connected();
    const at = new Date('2025-03-01T12:00:00Z');
    socket.emit('call', [
      {
        chatId: CONTACT_LID,
        from: CONTACT_LID,
        callerPn: CONTACT,
        id: 'C2',
        date: at,
        offline: false,
        status: 'offer',
      },
      { chatId: CONTACT, from: CONTACT, id: 'C3', date: at, offline: false, status: 'offer' },
      { chatId: CONTACT, from: CONTACT, id: 'C3', date: at, offline: false, status: 'terminate' },
    ]);
    await settle();
    await driver.rejectCall('C2');
    await driver.rejectCall('C3');
    expect(socket.calledWith('rejectCall')).toEqual([['C2', CONTACT_LID]]);
  });
});

describe('identities', () => {
  it('tells the server once of each lid a message or a lid mapping reveals, before the message', async () => {
    const { socket, recorded } = await connected();
    socket.emit('lid-mapping.update', { lid: CONTACT_LID, pn: CONTACT });
    socket.receive([
      text('L1', 'oi', { remoteJid: CONTACT_LID, remoteJidAlt: CONTACT }),
      text('L2', 'tudo bem?', {
        remoteJid: '199999999999@lid',
        remoteJidAlt: '5511944443333@s.whatsapp.net',
      }),
    ]);
    await settle();
    expect(recorded.identities).toEqual([
      { lid: CONTACT_LID, number: '5511977776666' },
      { lid: '199999999999@lid', number: '5511944443333' },
    ]);
    expect(recorded.log.indexOf('identified 199999999999@lid')).toBeLessThan(
      recorded.log.indexOf('inbound L2'),
    );
  });

  it('fills in a lid’s number from the lid store and tells it', async () => {
    const { socket, recorded } = await connected();
    socket.lids.set(CONTACT_LID, CONTACT);
    socket.receive([text('L3', 'oi', { remoteJid: CONTACT_LID })]);
    await settle();
    expect(recorded.identities).toEqual([{ lid: CONTACT_LID, number: '5511977776666' }]);
    expect(recorded.inbound[0]!.from).toBe('5511977776666');
  });
});

describe('acks (1-attendance §4: 0 clock, 1 sent, 2 delivered, 3–4 read, 5 played)', () => {
  it('maps Baileys’ delivery states to acks', () => {
    expect(
      [Status.ERROR, Status.PENDING, Status.SERVER_ACK, Status.DELIVERY_ACK, Status.READ, Status.PLAYED].map(
        ackOfStatus,
      ),
    ).toEqual([undefined, undefined, 1, 2, 3, 5]);
    expect(ackOfStatus(undefined)).toBeUndefined();
  });

  it('maps a group member’s receipt to how far the message went', () => {
    expect(ackOfReceipt({ userJid: CONTACT, receiptTimestamp: 1 })).toBe(2);
    expect(ackOfReceipt({ userJid: CONTACT, receiptTimestamp: 1, readTimestamp: 2 })).toBe(3);
    expect(ackOfReceipt({ userJid: CONTACT, playedTimestamp: 3 })).toBe(5);
    expect(ackOfReceipt({ userJid: CONTACT })).toBeUndefined();
  });

  it('reports the acks of the messages this account sent', async () => {
    const { socket, recorded } = await connected();
    socket.emit('messages.update', [
      { key: { remoteJid: CONTACT, fromMe: true, id: 'OUT1' }, update: { status: Status.SERVER_ACK } },
      { key: { remoteJid: CONTACT, fromMe: true, id: 'OUT1' }, update: { status: Status.DELIVERY_ACK } },
      { key: { remoteJid: CONTACT, fromMe: true, id: 'OUT1' }, update: { status: Status.READ } },
      // Not about delivery: an incoming message read on the phone, a star.
      { key: { remoteJid: CONTACT, fromMe: false, id: 'IN1' }, update: { status: Status.READ } },
      { key: { remoteJid: CONTACT, fromMe: true, id: 'OUT2' }, update: { starred: true } },
    ]);
    await settle();
    socket.emit('message-receipt.update', [
      {
        key: { remoteJid: GROUP, fromMe: true, id: 'OUT3' },
        receipt: { userJid: CONTACT, readTimestamp: 1_717_171_800 },
      },
    ]);
    await settle();
    expect(recorded.acks).toEqual([
      { id: 'OUT1', ack: 1 },
      { id: 'OUT1', ack: 2 },
      { id: 'OUT1', ack: 3 },
      { id: 'OUT3', ack: 3 },
    ]);
  });
});

describe('sending', () => {
  it('addresses numbers as phone JIDs and keeps group and lid ids', () => {
    expect(toJid('5511977776666')).toBe(CONTACT);
    expect(toJid('+55 (11) 97777-6666')).toBe(CONTACT);
    expect(toJid(GROUP)).toBe(GROUP);
    expect(toJid('5511977776666-1600000000')).toBe('5511977776666-1600000000@g.us');
    expect(toJid('187654321098765@lid')).toBe('187654321098765@lid');
    expect(() => toJid('abc')).toThrow();
  });

  it('sends a text and answers WhatsApp’s id for it', async () => {
    const { socket, driver } = await connected();
    const sent = await driver.sendText('5511977776666', 'Olá, Maria!');
    expect(sent).toEqual({ id: '3EB0OUT1' });
    expect(socket.calledWith('sendMessage')).toEqual([[CONTACT, { text: 'Olá, Maria!' }, {}]]);
  });

  it('gives every try of one send the same message id (an idempotency key), so WhatsApp keeps one message', async () => {
    const { socket, driver } = await connected();
    await driver.sendText('5511977776666', 'Lembrete', { idempotencyKey: 'schedule-send-7' });
    await driver.sendText('5511977776666', 'Lembrete', { idempotencyKey: 'schedule-send-7' });
    await driver.sendText('5511977776666', 'Outro', { idempotencyKey: 'schedule-send-8' });
    const ids = socket.calledWith('sendMessage').map((call) => (call[2] as { messageId?: string }).messageId);
    expect(ids[0]).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('quotes a recent message as it was received', async () => {
    const { socket, driver } = await connected();
    const received = text('IN1', 'Qual o prazo?');
    socket.receive([received]);
    await settle();
    await driver.sendText('5511977776666', 'Cinco dias úteis', { quotedId: 'IN1' });
    const [, , options] = socket.calledWith('sendMessage')[0]!;
    expect(options).toEqual({ quoted: received });
  });

  it('quotes an older message by its id', async () => {
    const { socket, driver } = await connected();
    await driver.sendText('5511977776666', 'Isso mesmo', { quotedId: 'OLD1' });
    const [, , options] = socket.calledWith('sendMessage')[0]!;
    expect(options).toEqual({
      quoted: { key: { remoteJid: CONTACT, id: 'OLD1', fromMe: false }, message: { conversation: '' } },
    });
  });

  it('sends pictures, videos and documents with their caption, and audio as a voice note when asked', async () => {
    const { socket, driver } = await connected();
    const data = Buffer.from('file');
    await driver.sendMedia('5511977776666', {
      filename: 'a.jpg',
      mimetype: 'image/jpeg',
      data,
      caption: 'Foto',
    });
    await driver.sendMedia('5511977776666', {
      filename: 'v.mp4',
      mimetype: 'video/mp4',
      data,
      caption: 'Vídeo',
    });
    await driver.sendMedia('5511977776666', {
      filename: 'nota.pdf',
      mimetype: 'application/pdf',
      data,
      caption: 'Nota',
    });
    await driver.sendMedia('5511977776666', {
      filename: 'rec.mp3',
      mimetype: 'audio/mpeg',
      data,
      voiceNote: true,
    });
    await driver.sendMedia('5511977776666', { filename: 'song.mp3', mimetype: 'audio/mpeg', data });
    expect(socket.calledWith('sendMessage').map(([, content]) => content)).toEqual([
      { image: data, mimetype: 'image/jpeg', caption: 'Foto' },
      { video: data, mimetype: 'video/mp4', caption: 'Vídeo' },
      { document: data, mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'Nota' },
      { audio: data, mimetype: 'audio/mpeg', ptt: true },
      { audio: data, mimetype: 'audio/mpeg', ptt: false },
    ]);
  });

  it('sends a location and a contact card', async () => {
    const { socket, driver } = await connected();
    await driver.sendLocation(GROUP, { latitude: -23.56, longitude: -46.65, name: 'Loja' });
    await driver.sendContact('5511977776666', { name: 'João Pereira', number: '+55 21 98888-7777' });
    const [location, contact] = socket.calledWith('sendMessage');
    expect(location).toEqual([
      GROUP,
      { location: { degreesLatitude: -23.56, degreesLongitude: -46.65, name: 'Loja' } },
      {},
    ]);
    expect(contact![1]).toEqual({
      contacts: {
        displayName: 'João Pereira',
        contacts: [
          {
            displayName: 'João Pereira',
            vcard:
              'BEGIN:VCARD\nVERSION:3.0\nFN:João Pereira\nTEL;type=CELL;type=VOICE;waid=5521988887777:+5521988887777\nEND:VCARD',
          },
        ],
      },
    });
  });

  it('reacts to a message, using its real key when it is recent', async () => {
    const { socket, driver } = await connected();
    const inGroup = text('G1', 'promoção?', {
      remoteJid: GROUP,
      participant: '5511955554444@s.whatsapp.net',
    });
    socket.receive([inGroup]);
    await settle();
    await driver.sendReaction(GROUP, 'G1', '❤️');
    await driver.sendReaction('5511977776666', 'OLD', '👍');
    expect(socket.calledWith('sendMessage').map(([, content]) => content)).toEqual([
      { react: { text: '❤️', key: inGroup.key } },
      { react: { text: '👍', key: { remoteJid: CONTACT, id: 'OLD', fromMe: false } } },
    ]);
  });

  it('edits and deletes for everyone a message it sent', async () => {
    const { socket, driver } = await connected();
    const { id } = await driver.sendText('5511977776666', 'às 15h');
    await driver.edit('5511977776666', id, 'às 16h');
    await driver.delete('5511977776666', id);
    await driver.delete('5511977776666', 'OLDER');
    const [, edit, removal, olderRemoval] = socket.calledWith('sendMessage').map(([, content]) => content);
    expect(edit).toEqual({ text: 'às 16h', edit: { remoteJid: CONTACT, fromMe: true, id } });
    expect(removal).toEqual({ delete: { remoteJid: CONTACT, fromMe: true, id } });
    expect(olderRemoval).toEqual({ delete: { remoteJid: CONTACT, id: 'OLDER', fromMe: true } });
  });

  it('sends read receipts with the messages’ keys (the sender’s, in groups)', async () => {
    const { socket, driver } = await connected();
    const inGroup = text('G1', 'oi', { remoteJid: GROUP, participant: '5511955554444@s.whatsapp.net' });
    socket.receive([inGroup]);
    await settle();
    await driver.markRead(GROUP, ['G1']);
    await driver.markRead('5511977776666', ['A', 'B']);
    await driver.markRead('5511977776666', []);
    expect(socket.calledWith('readMessages')).toEqual([
      [[inGroup.key]],
      [
        [
          { remoteJid: CONTACT, id: 'A', fromMe: false },
          { remoteJid: CONTACT, id: 'B', fromMe: false },
        ],
      ],
    ]);
  });

  it('shows typing to the contact', async () => {
    const { socket, driver } = await connected();
    await driver.sendPresence('5511977776666', 'composing');
    expect(socket.calledWith('sendPresenceUpdate')).toEqual([['composing', CONTACT]]);
  });

  it('checks a number on WhatsApp and answers it as WhatsApp knows it, or null', async () => {
    const { socket, driver } = await connected();
    // WhatsApp registered this Brazilian number before the ninth digit.
    socket.registered.set('5511977776666@s.whatsapp.net', '551177776666@s.whatsapp.net');
    expect(await driver.checkNumber('5511977776666')).toBe('551177776666');
    expect(await driver.checkNumber('5511900000000')).toBeNull();
    expect(await driver.checkNumber(GROUP)).toBe(GROUP);
    expect(socket.calledWith('onWhatsApp')).toEqual([[CONTACT], ['5511900000000@s.whatsapp.net']]);
  });

  it('answers the profile picture, or null when there is none or the socket fails', async () => {
    const { socket, driver } = await connected();
    expect(await driver.profilePicture('5511977776666')).toBe('https://pps.whatsapp.net/v/t61/photo.jpg');
    expect(socket.calledWith('profilePictureUrl')).toEqual([[CONTACT, 'image']]);
    socket.pictureUrl = undefined;
    expect(await driver.profilePicture('5511977776666')).toBeNull();
    socket.failing = new Error('Connection Closed');
    expect(await driver.profilePicture('5511977776666')).toBeNull();
  });

  it('refuses to send through a connection that is not open, with ERR_WAPP_NOT_INITIALIZED', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    await expect(driver.sendText('5511977776666', 'oi')).rejects.toBeInstanceOf(WhatsappNotConnectedError);
    await driver.connect();
    harness.socket.showQr('2@ref');
    await settle();
    const refused = driver.sendText('5511977776666', 'oi');
    await expect(refused).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    await expect(driver.checkNumber('5511977776666')).rejects.toBeInstanceOf(WhatsappNotConnectedError);
    await expect(driver.markRead('5511977776666', ['A'])).rejects.toBeInstanceOf(WhatsappNotConnectedError);
    expect(await driver.profilePicture('5511977776666')).toBeNull();
    expect(harness.socket.calls).toEqual([]);
  });

  it('lets a socket error through as it is', async () => {
    const { socket, driver } = await connected();
    socket.failing = new Error('Timed Out');
    await expect(driver.sendText('5511977776666', 'oi')).rejects.toThrow('Timed Out');
  });
});
