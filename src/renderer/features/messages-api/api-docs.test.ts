import { describe, expect, it } from 'vitest';
import { EXTERNAL_MEDIA_FIELD, externalSendBody } from '../../../shared/api/external-api';
import { namespaces } from '../../../shared/i18n';
import { ANSWER_STATUSES, curlExamples, SEND_FIELDS, sendUrl } from './api-docs';

describe('the messages API documentation', () => {
  it('documents every field the endpoint takes, each described', () => {
    expect([...SEND_FIELDS].sort()).toEqual(
      [...Object.keys(externalSendBody.shape), EXTERNAL_MEDIA_FIELD].sort(),
    );
    const fields = namespaces.messagesApi.pt.docs as { fields: Record<string, string> };
    for (const field of SEND_FIELDS) expect(fields.fields[field]).toBeTruthy();
  });

  it('describes each answer status', () => {
    const answers = (namespaces.messagesApi.pt.docs as { answers: Record<string, string> }).answers;
    for (const status of ANSWER_STATUSES) expect(answers[status]).toBeTruthy();
  });

  it('gives runnable requests to the server’s address, quotes in the texts escaped for the shell', () => {
    expect(sendUrl('https://atendo.example.com')).toBe('https://atendo.example.com/api/messages/send');
    const { text, file } = curlExamples('https://atendo.example.com', {
      text: "It's on its way",
      caption: "Here's the invoice",
    });
    expect(text).toContain("curl -X POST 'https://atendo.example.com/api/messages/send'");
    expect(text).toContain(`-d '{"number":"5511912345678","body":"It'\\''s on its way","closeTicket":true}'`);
    expect(file).toContain("-F 'body=Here'\\''s the invoice'");
    expect(file).toContain('-F medias=@boleto.pdf');
  });
});
