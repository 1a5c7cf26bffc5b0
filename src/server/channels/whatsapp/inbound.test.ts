import { proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { identitiesOf, identityOf, type ReadContext, readCall, readMessage } from './inbound';

/*
 * Recorded shapes: messages as Baileys 7 upserts them (keys after cleanMessage, Baileys 7's
 * remoteJidAlt/participantAlt/addressingMode, media fields as WhatsApp sends them), trimmed of the
 * hashes and keys that play no part here.
 */

const CONTACT = '5511977776666@s.whatsapp.net';
const CONTACT_LID = '187654321098765@lid';
const GROUP = '120363041234567890@g.us';
const ME = '5511900001111';
const AT = 1_717_171_717;

const media = {
  url: 'https://mmg.whatsapp.net/v/t62.7118-24/12345_67890.enc?ccb=11-4',
  directPath: '/v/t62.7118-24/12345_67890.enc?ccb=11-4',
  mediaKey: Uint8Array.from([1, 2, 3, 4]),
  fileSha256: Uint8Array.from([5, 6, 7, 8]),
  fileEncSha256: Uint8Array.from([9, 10, 11, 12]),
  fileLength: 48_213,
  mediaKeyTimestamp: AT,
};

function fromContact(message: proto.IMessage, key: Partial<WAMessage['key']> = {}): WAMessage {
  return {
    key: { remoteJid: CONTACT, fromMe: false, id: '3A8F1C2B9D0E4F5A6B7C', addressingMode: 'pn', ...key },
    messageTimestamp: AT,
    pushName: 'Maria Silva',
    broadcast: false,
    message: { ...message, messageContextInfo: { deviceListMetadataVersion: 2 } },
  };
}

function contextFor(overrides: Partial<ReadContext> = {}) {
  const downloaded: string[] = [];
  const mediaErrors: unknown[] = [];
  const ctx: ReadContext = {
    me: ME,
    download: async (message) => {
      downloaded.push(message.key.id!);
      return Buffer.from(`bytes of ${message.key.id}`);
    },
    groupName: async (jid) => (jid === GROUP ? 'Clientes VIP' : ''),
    onMediaError: (error) => mediaErrors.push(error),
    ...overrides,
  };
  return { ctx, downloaded, mediaErrors };
}

async function read(msg: WAMessage, overrides: Partial<ReadContext> = {}) {
  return readMessage(msg, contextFor(overrides).ctx);
}

async function messageOf(msg: WAMessage, overrides: Partial<ReadContext> = {}) {
  const result = await read(msg, overrides);
  if (result?.kind !== 'message') throw new Error(`expected a message, got ${JSON.stringify(result)}`);
  return result.message;
}

describe('text messages', () => {
  it('reads a plain conversation message from a contact', async () => {
    expect(await messageOf(fromContact({ conversation: 'Bom dia, vocês abrem hoje?' }))).toEqual({
      id: '3A8F1C2B9D0E4F5A6B7C',
      from: '5511977776666',
      fromMe: false,
      timestamp: new Date(AT * 1000),
      body: 'Bom dia, vocês abrem hoje?',
      pushName: 'Maria Silva',
      media: undefined,
      mediaType: undefined,
      group: undefined,
      quotedId: undefined,
    });
  });

  it('reads an extended text and the message it answers', async () => {
    const message = await messageOf(
      fromContact({
        extendedTextMessage: {
          text: 'Pode ser às 15h https://example.com/agenda',
          matchedText: 'https://example.com/agenda',
          previewType: proto.Message.ExtendedTextMessage.PreviewType.NONE,
          contextInfo: {
            stanzaId: '3EB0C767D26A1C5F9E2B',
            participant: '5511900001111@s.whatsapp.net',
            quotedMessage: { conversation: 'Qual horário fica melhor?' },
          },
        },
      }),
    );
    expect(message).toMatchObject({
      body: 'Pode ser às 15h https://example.com/agenda',
      quotedId: '3EB0C767D26A1C5F9E2B',
    });
  });

  it('drops the device from the sender’s number', async () => {
    const message = await messageOf(
      fromContact({ conversation: 'oi' }, { remoteJid: '5511977776666:12@s.whatsapp.net' }),
    );
    expect(message.from).toBe('5511977776666');
  });

  it('reads button, list and template replies as the text the contact chose', async () => {
    const cases: [proto.IMessage, string][] = [
      [
        {
          buttonsResponseMessage: {
            selectedButtonId: 'btn-2',
            selectedDisplayText: 'Falar com atendente',
            type: 1,
          },
        },
        'Falar com atendente',
      ],
      [
        {
          listResponseMessage: {
            title: 'Segunda via do boleto',
            listType: proto.Message.ListResponseMessage.ListType.SINGLE_SELECT,
            singleSelectReply: { selectedRowId: 'row-boleto' },
          },
        },
        'Segunda via do boleto',
      ],
      [{ listResponseMessage: { singleSelectReply: { selectedRowId: 'row-boleto' } } }, 'row-boleto'],
      [
        {
          templateButtonReplyMessage: {
            selectedId: 'tpl-1',
            selectedDisplayText: 'Sim, confirmo',
            selectedIndex: 0,
          },
        },
        'Sim, confirmo',
      ],
      [
        {
          interactiveResponseMessage: {
            body: { text: 'Quero o plano anual' },
            nativeFlowResponseMessage: { name: 'menu_options', paramsJson: '{"id":"anual"}', version: 1 },
          },
        },
        'Quero o plano anual',
      ],
    ];
    for (const [content, body] of cases) expect((await messageOf(fromContact(content))).body).toBe(body);
  });
});

describe('messages with a file', () => {
  it('downloads a photo with its caption', async () => {
    const { ctx, downloaded } = contextFor();
    const result = await readMessage(
      fromContact({
        imageMessage: {
          ...media,
          mimetype: 'image/jpeg',
          caption: 'Olha o defeito',
          height: 1280,
          width: 960,
        },
      }),
      ctx,
    );
    expect(downloaded).toEqual(['3A8F1C2B9D0E4F5A6B7C']);
    expect(result).toMatchObject({
      kind: 'message',
      message: {
        body: 'Olha o defeito',
        media: {
          type: 'image',
          mimetype: 'image/jpeg',
          filename: '3A8F1C2B9D0E4F5A6B7C.jpg',
          data: Buffer.from('bytes of 3A8F1C2B9D0E4F5A6B7C'),
        },
      },
    });
  });

  it('downloads a video', async () => {
    const message = await messageOf(
      fromContact({ videoMessage: { ...media, mimetype: 'video/mp4', seconds: 12 } }),
    );
    expect(message.media).toMatchObject({
      type: 'video',
      mimetype: 'video/mp4',
      filename: '3A8F1C2B9D0E4F5A6B7C.mp4',
    });
    expect(message.body).toBe('');
  });

  it('downloads a voice note as audio, without the codec in its type', async () => {
    const message = await messageOf(
      fromContact({ audioMessage: { ...media, mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true } }),
    );
    expect(message.media).toMatchObject({
      type: 'audio',
      mimetype: 'audio/ogg',
      filename: '3A8F1C2B9D0E4F5A6B7C.ogg',
    });
  });

  it('downloads an audio file', async () => {
    const message = await messageOf(
      fromContact({ audioMessage: { ...media, mimetype: 'audio/mpeg', seconds: 200, ptt: false } }),
    );
    expect(message.media).toMatchObject({ type: 'audio', filename: '3A8F1C2B9D0E4F5A6B7C.mp3' });
  });

  it('keeps a document’s own file name and shows it as the body', async () => {
    const message = await messageOf(
      fromContact({
        documentMessage: {
          ...media,
          mimetype: 'application/pdf',
          fileName: 'Nota fiscal 1234.pdf',
          pageCount: 2,
        },
      }),
    );
    expect(message.media).toMatchObject({
      type: 'application',
      mimetype: 'application/pdf',
      filename: 'Nota fiscal 1234.pdf',
    });
    expect(message.body).toBe('Nota fiscal 1234.pdf');
  });

  it('reads a document sent with a caption (documentWithCaptionMessage)', async () => {
    const message = await messageOf(
      fromContact({
        documentWithCaptionMessage: {
          message: {
            documentMessage: {
              ...media,
              mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              fileName: 'pedido.xlsx',
              caption: 'Segue o pedido',
            },
          },
        },
      }),
    );
    expect(message.media).toMatchObject({ type: 'application', filename: 'pedido.xlsx' });
    expect(message.body).toBe('Segue o pedido');
  });

  it('treats a sticker as an image', async () => {
    const message = await messageOf(
      fromContact({ stickerMessage: { ...media, mimetype: 'image/webp', isAnimated: false } }),
    );
    expect(message.media).toMatchObject({
      type: 'image',
      mimetype: 'image/webp',
      filename: '3A8F1C2B9D0E4F5A6B7C.webp',
    });
  });

  it('keeps the message, without the file, when the download fails', async () => {
    const { ctx, mediaErrors } = contextFor({
      download: async () => {
        throw new Error('media expired (410)');
      },
    });
    const result = await readMessage(
      fromContact({ documentMessage: { ...media, mimetype: 'application/pdf', fileName: 'contrato.pdf' } }),
      ctx,
    );
    expect(result).toMatchObject({ kind: 'message', message: { body: 'contrato.pdf', media: undefined } });
    expect(mediaErrors).toHaveLength(1);
  });
});

describe('locations, contact cards and reactions', () => {
  it('reads a location as a maps link and its description', async () => {
    const message = await messageOf(
      fromContact({
        locationMessage: {
          degreesLatitude: -23.5613,
          degreesLongitude: -46.6565,
          name: 'Loja Paulista',
          address: 'Av. Paulista, 1000',
          jpegThumbnail: Uint8Array.from([255, 216, 255]),
        },
      }),
    );
    expect(message).toMatchObject({
      mediaType: 'locationMessage',
      body: 'https://maps.google.com/maps?q=-23.5613%2C-46.6565&z=17|Loja Paulista - Av. Paulista, 1000',
      media: undefined,
    });
  });

  it('reads a pin without a name and a live location', async () => {
    const pin = await messageOf(
      fromContact({ locationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2 } }),
    );
    expect(pin.body).toBe('https://maps.google.com/maps?q=-22.9%2C-43.2&z=17|-22.9, -43.2');
    const live = await messageOf(
      fromContact({
        liveLocationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2, caption: 'Estou chegando' },
      }),
    );
    expect(live).toMatchObject({
      mediaType: 'locationMessage',
      body: expect.stringMatching(/\|Estou chegando$/),
    });
  });

  it('reads a contact card as its vCard', async () => {
    const vcard =
      'BEGIN:VCARD\nVERSION:3.0\nN:;João Pereira;;;\nFN:João Pereira\nTEL;type=CELL;type=VOICE;waid=5521988887777:+55 21 98888-7777\nEND:VCARD';
    const message = await messageOf(fromContact({ contactMessage: { displayName: 'João Pereira', vcard } }));
    expect(message).toMatchObject({ mediaType: 'contactMessage', body: vcard });
  });

  it('reads several contact cards as their vCards one after the other', async () => {
    const cards = ['Ana', 'Beto'].map(
      (name, i) =>
        `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=551190000000${i}:+55 11 90000-000${i}\nEND:VCARD`,
    );
    const message = await messageOf(
      fromContact({
        contactsArrayMessage: {
          displayName: '2 contatos',
          contacts: cards.map((vcard, i) => ({ displayName: ['Ana', 'Beto'][i], vcard })),
        },
      }),
    );
    expect(message).toMatchObject({ mediaType: 'contactMessage', body: `${cards[0]}\n${cards[1]}` });
  });

  it('reads a reaction as a message with the emoji that quotes the message reacted to', async () => {
    const message = await messageOf(
      fromContact({
        reactionMessage: {
          key: { remoteJid: CONTACT, fromMe: true, id: '3EB0A1B2C3D4E5F60718' },
          text: '👍',
          senderTimestampMs: AT * 1000,
        },
      }),
    );
    expect(message).toMatchObject({
      mediaType: 'reactionMessage',
      body: '👍',
      quotedId: '3EB0A1B2C3D4E5F60718',
    });
  });

  it('ignores a reaction taken back', async () => {
    const removal = fromContact({
      reactionMessage: { key: { remoteJid: CONTACT, fromMe: true, id: '3EB0A1B2C3D4E5F60718' }, text: '' },
    });
    expect(await read(removal)).toBeUndefined();
  });
});

describe('edits and deletes', () => {
  it('reads a revoke as a delete of the revoked message', async () => {
    const revoke = fromContact({
      protocolMessage: {
        key: { remoteJid: CONTACT, fromMe: false, id: '3A11111111111111111A' },
        type: proto.Message.ProtocolMessage.Type.REVOKE,
      },
    });
    expect(await read(revoke)).toEqual({ kind: 'delete', id: '3A11111111111111111A' });
  });

  it('reads an edit (as Baileys 7 delivers it, inside editedMessage) with the new text', async () => {
    const edit = fromContact({
      editedMessage: {
        message: {
          protocolMessage: {
            key: { remoteJid: CONTACT, fromMe: false, id: '3A22222222222222222B' },
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            editedMessage: { extendedTextMessage: { text: 'Na verdade, às 16h' } },
            timestampMs: (AT + 60) * 1000,
          },
        },
      },
    });
    expect(await read(edit)).toEqual({
      kind: 'edit',
      id: '3A22222222222222222B',
      body: 'Na verdade, às 16h',
    });
  });

  it('reads an edited caption', async () => {
    const edit = fromContact({
      protocolMessage: {
        key: { remoteJid: CONTACT, id: '3A33' },
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        editedMessage: { imageMessage: { caption: 'Legenda corrigida' } },
      },
    });
    expect(await read(edit)).toEqual({ kind: 'edit', id: '3A33', body: 'Legenda corrigida' });
  });

  it('ignores the other protocol messages (history sync, disappearing-message settings, key shares)', async () => {
    for (const type of [
      proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
      proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING,
      proto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE,
    ]) {
      expect(await read(fromContact({ protocolMessage: { type } }, { fromMe: true }))).toBeUndefined();
    }
  });
});

describe('wrapped messages', () => {
  it('opens view-once photos (both versions) and downloads them', async () => {
    for (const wrapper of ['viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension'] as const) {
      const { ctx, downloaded } = contextFor();
      const result = await readMessage(
        fromContact({
          [wrapper]: { message: { imageMessage: { ...media, mimetype: 'image/jpeg', viewOnce: true } } },
        }),
        ctx,
      );
      expect(result).toMatchObject({ kind: 'message', message: { media: { type: 'image' } } });
      expect(downloaded).toHaveLength(1);
    }
  });

  it('opens disappearing messages', async () => {
    const message = await messageOf(
      fromContact({
        ephemeralMessage: {
          message: {
            extendedTextMessage: { text: 'Essa conversa é temporária', contextInfo: { expiration: 604_800 } },
          },
        },
      }),
    );
    expect(message.body).toBe('Essa conversa é temporária');
  });
});

describe('who wrote it', () => {
  it('reads a group message: the group is the conversation and the member is the sender', async () => {
    const message = await messageOf(
      fromContact(
        { conversation: 'Bom dia, grupo' },
        { remoteJid: GROUP, participant: '5511955554444@s.whatsapp.net', addressingMode: 'pn' },
      ),
    );
    expect(message).toMatchObject({
      from: '5511955554444',
      group: { id: GROUP, name: 'Clientes VIP' },
      pushName: 'Maria Silva',
    });
  });

  it('maps a group member known by lid to the phone number Baileys gives alongside', async () => {
    const message = await messageOf(
      fromContact(
        { conversation: 'oi' },
        {
          remoteJid: GROUP,
          participant: '99887766554433@lid',
          participantAlt: '5511955554444@s.whatsapp.net',
          addressingMode: 'lid',
        },
      ),
    );
    expect(message.from).toBe('5511955554444');
  });

  it('maps a lid chat to the phone number Baileys gives alongside', async () => {
    const message = await messageOf(
      fromContact(
        { conversation: 'oi' },
        { remoteJid: CONTACT_LID, remoteJidAlt: CONTACT, addressingMode: 'lid' },
      ),
    );
    expect(message.from).toBe('5511977776666');
  });

  it('keeps a lid without a known phone number as the lid itself, so replies reach it', async () => {
    const message = await messageOf(
      fromContact({ conversation: 'oi' }, { remoteJid: CONTACT_LID, addressingMode: 'lid' }),
    );
    expect(message.from).toBe(CONTACT_LID);
  });

  it('never takes the lid of a phone-number chat for the number', async () => {
    const message = await messageOf(
      fromContact({ conversation: 'oi' }, { remoteJid: CONTACT, remoteJidAlt: CONTACT_LID }),
    );
    expect(message.from).toBe('5511977776666');
  });

  it('reads a message written on the phone itself: the contact is the chat, and the push name is not theirs', async () => {
    const message = await messageOf(
      fromContact({ conversation: 'Já enviei o boleto' }, { fromMe: true, id: '3EB0FROMPHONE' }),
    );
    expect(message).toMatchObject({
      from: '5511977776666',
      fromMe: true,
      pushName: undefined,
      id: '3EB0FROMPHONE',
    });
  });

  it('does not take the account’s own number, given as the alternative of a lid chat it wrote to, for the contact', async () => {
    const message = await messageOf(
      fromContact(
        { conversation: 'Oi!' },
        { fromMe: true, remoteJid: CONTACT_LID, remoteJidAlt: `${ME}@s.whatsapp.net`, addressingMode: 'lid' },
      ),
    );
    expect(message.from).toBe(CONTACT_LID);
  });

  it('reads a group message written on the phone as the account’s own', async () => {
    const message = await messageOf(
      fromContact({ conversation: 'Bem-vindos' }, { remoteJid: GROUP, fromMe: true }),
    );
    expect(message).toMatchObject({ from: ME, fromMe: true, group: { id: GROUP } });
  });

  it('drops status posts, broadcast-list copies and channel posts without downloading anything', async () => {
    for (const remoteJid of ['status@broadcast', '1717171717@broadcast', '120363999999999999@newsletter']) {
      const { ctx, downloaded } = contextFor();
      const result = await readMessage(
        fromContact(
          { imageMessage: { ...media, mimetype: 'image/jpeg' } },
          { remoteJid, participant: CONTACT },
        ),
        ctx,
      );
      expect(result).toBeUndefined();
      expect(downloaded).toEqual([]);
    }
  });

  it('ignores what is not a message: stubs, bare key distributions, polls', async () => {
    const stub: WAMessage = {
      key: { remoteJid: GROUP, fromMe: false, id: 'STUB1', participant: CONTACT },
      messageTimestamp: AT,
      messageStubType: proto.WebMessageInfo.StubType.GROUP_PARTICIPANT_ADD,
      messageStubParameters: ['5511955554444@s.whatsapp.net'],
    };
    expect(await read(stub)).toBeUndefined();
    expect(
      await read(
        fromContact({
          senderKeyDistributionMessage: {
            groupId: GROUP,
            axolotlSenderKeyDistributionMessage: Uint8Array.from([1]),
          },
        }),
      ),
    ).toBeUndefined();
    expect(
      await read(
        fromContact({
          pollCreationMessage: {
            name: 'Melhor dia?',
            options: [{ optionName: 'Seg' }],
            selectableOptionsCount: 1,
          },
        }),
      ),
    ).toBeUndefined();
  });
});

describe('calls', () => {
  const call = {
    chatId: CONTACT,
    from: CONTACT,
    id: 'CALL-9F8E7D',
    date: new Date(AT * 1000),
    offline: false,
  };

  it('reads an offered call with the caller’s number', async () => {
    expect(readCall({ ...call, status: 'offer', isVideo: true })).toEqual({
      id: 'CALL-9F8E7D',
      from: '5511977776666',
      at: new Date(AT * 1000),
      video: true,
    });
  });

  it('uses the caller’s phone number when the call comes from a lid', async () => {
    expect(readCall({ ...call, from: CONTACT_LID, callerPn: CONTACT, status: 'offer' })?.from).toBe(
      '5511977776666',
    );
  });

  it('ignores the other call updates', async () => {
    for (const status of ['ringing', 'accept', 'reject', 'timeout', 'terminate'] as const) {
      expect(readCall({ ...call, status })).toBeUndefined();
    }
  });
});

describe('identities (a lid and a phone number of one person)', () => {
  const key = (fields: Partial<WAMessage['key']>): WAMessage['key'] => ({
    fromMe: false,
    id: 'X',
    ...fields,
  });

  it('reads them from a chat addressed by lid or by phone number', () => {
    const expected = [{ lid: CONTACT_LID, number: '5511977776666' }];
    expect(identitiesOf(key({ remoteJid: CONTACT_LID, remoteJidAlt: CONTACT }), ME)).toEqual(expected);
    expect(identitiesOf(key({ remoteJid: CONTACT, remoteJidAlt: CONTACT_LID }), ME)).toEqual(expected);
  });

  it('reads a group member’s, drops device numbers, and finds none without the other id', () => {
    expect(
      identitiesOf(
        key({
          remoteJid: GROUP,
          participant: '187654321098765:12@lid',
          participantAlt: '5511955554444:3@s.whatsapp.net',
        }),
        ME,
      ),
    ).toEqual([{ lid: CONTACT_LID, number: '5511955554444' }]);
    expect(identitiesOf(key({ remoteJid: CONTACT_LID }), ME)).toEqual([]);
    expect(identitiesOf(key({ remoteJid: CONTACT }), ME)).toEqual([]);
  });

  it('ignores the account’s own number beside a lid on a message it sent', () => {
    expect(
      identitiesOf(key({ remoteJid: CONTACT_LID, remoteJidAlt: `${ME}@s.whatsapp.net`, fromMe: true }), ME),
    ).toEqual([]);
  });

  it('pairs a lid-mapping’s two ids only when they are a lid and a phone number', () => {
    expect(identityOf(CONTACT_LID, CONTACT)).toEqual({ lid: CONTACT_LID, number: '5511977776666' });
    expect(identityOf(CONTACT, CONTACT_LID)).toBeUndefined();
    expect(identityOf(CONTACT_LID, GROUP)).toBeUndefined();
  });
});
