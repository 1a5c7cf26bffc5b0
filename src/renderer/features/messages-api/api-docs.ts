import {
  EXTERNAL_MEDIA_FIELD,
  externalApiRoutes,
  type externalSendBody,
} from '../../../shared/api/external-api';

/** The send fields in the order the page documents them; only the number is always required. */
export const SEND_FIELDS = [
  'number',
  'body',
  EXTERNAL_MEDIA_FIELD,
  'userId',
  'queueId',
  'sendSignature',
  'closeTicket',
] as const satisfies readonly (keyof typeof externalSendBody.shape | typeof EXTERNAL_MEDIA_FIELD)[];

export const REQUIRED_FIELDS: ReadonlySet<string> = new Set(['number']);

/** The answers the endpoint gives, documented one per status. */
export const ANSWER_STATUSES = ['200', '400', '401', '403', '404', '429', '502'] as const;

/** Where the server answers, as another program must call it. */
export const sendUrl = (origin: string) => `${origin}/api${externalApiRoutes.send.path}`;
export const openapiUrl = (origin: string) => `${origin}/api${externalApiRoutes.openapi.path}`;

/** Ready-to-run requests: a text as JSON, and a file with its caption as multipart. */
export function curlExamples(origin: string, samples: { text: string; caption: string }) {
  const start = `curl -X POST '${sendUrl(origin)}' \\\n  -H 'Authorization: Bearer <token>' \\\n`;
  const json = JSON.stringify({ number: '5511912345678', body: samples.text, closeTicket: true });
  return {
    text: `${start}  -H 'Content-Type: application/json' \\\n  -d '${json.replaceAll("'", "'\\''")}'`,
    file: `${start}  -F number=5511912345678 \\\n  -F 'body=${samples.caption.replaceAll("'", "'\\''")}' \\\n  -F ${EXTERNAL_MEDIA_FIELD}=@boleto.pdf`,
  };
}
