import { z } from 'zod';
import {
  EXTERNAL_MEDIA_FIELD,
  externalApiRoutes,
  externalSendBody,
  externalSendResponse,
} from '../../../shared/api/external-api';

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

const errorAnswer = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { error: { type: 'string', description: 'An error code or a validation message' } },
        required: ['error'],
      },
    },
  },
});

/**
 * The external send endpoint as OpenAPI 3.1, built from the same schema the server validates with, so the
 * description cannot drift from what the server accepts.
 */
export function externalApiDescription() {
  const fields = jsonSchema(externalSendBody) as { properties: Record<string, unknown>; required?: string[] };
  const multipart = {
    ...fields,
    properties: {
      ...fields.properties,
      [EXTERNAL_MEDIA_FIELD]: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: 'Files to send; the body is their caption',
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atendo external messages API',
      version: '1.0.0',
      description:
        'Sends a WhatsApp message through one connection. The bearer token is the connection’s token (connection dialog).',
    },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { connectionToken: { type: 'http', scheme: 'bearer' } } },
    security: [{ connectionToken: [] }],
    paths: {
      [externalApiRoutes.send.path]: {
        post: {
          summary: 'Send a message',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: fields }, 'multipart/form-data': { schema: multipart } },
          },
          responses: {
            200: {
              description: 'Sent',
              content: { 'application/json': { schema: jsonSchema(externalSendResponse) } },
            },
            400: errorAnswer(
              'Invalid fields, ERR_WAPP_INVALID_CONTACT, ERR_WAPP_CHECK_CONTACT, ERR_WAPP_NOT_INITIALIZED, or ERR_REPLY_WINDOW_CLOSED (Cloud API: the contact wrote nothing in 24 h)',
            ),
            401: errorAnswer('No bearer token'),
            403: errorAnswer(
              'ERR_INVALID_API_TOKEN, or ERR_EXTERNAL_API_DISABLED when the plan lacks the external API',
            ),
            404: errorAnswer(
              'ERR_NO_USER_FOUND or ERR_NO_QUEUE_FOUND: the user or queue is not of the company',
            ),
            429: errorAnswer('ERR_TOO_MANY_REQUESTS: too many sends with this token in a minute'),
            502: errorAnswer('ERR_SENDING_WAPP_MSG: WhatsApp did not take the message'),
          },
        },
      },
    },
  };
}
