import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_STATUSES, curlExamples, openapiUrl, REQUIRED_FIELDS, SEND_FIELDS, sendUrl } from './api-docs';

function Code({ children, block }: { children: ReactNode; block?: boolean }) {
  return (
    <Box
      component={block ? 'pre' : 'code'}
      sx={{
        fontFamily: 'monospace',
        fontSize: 13,
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: block ? 1.5 : 0.5,
        py: block ? 1 : 0.25,
        m: 0,
        overflowX: 'auto',
        whiteSpace: block ? 'pre' : 'normal',
        wordBreak: block ? 'normal' : 'break-all',
      }}
    >
      {children}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** 3-automation §2 /messages-api: the send endpoint documented, with the address other programs use. */
export function ApiDocs({ origin }: { origin: string | null }) {
  const { t } = useTranslation('messagesApi');
  const base = origin ?? `https://${t('docs.serverAddress')}`;
  const examples = curlExamples(base, { text: t('docs.sampleText'), caption: t('docs.sampleCaption') });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="messages-api-docs" sx={{ p: 2 }}>
      <Stack spacing={2.5}>
        <Typography id="messages-api-docs" variant="h6" component="h2">
          {t('docs.title')}
        </Typography>
        <Section title={t('docs.endpoint')}>
          <Code block>{`POST ${sendUrl(base)}`}</Code>
        </Section>
        <Section title={t('docs.auth')}>
          <Typography variant="body2">{t('docs.authText')}</Typography>
          <Typography variant="body2">{t('docs.formats')}</Typography>
          <Typography variant="body2">{t('docs.ticket')}</Typography>
        </Section>
        <Section title={t('docs.fields.title')}>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('docs.fields.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('docs.fields.field')}</TableCell>
                  <TableCell>{t('docs.fields.required')}</TableCell>
                  <TableCell>{t('docs.fields.description')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {SEND_FIELDS.map((field) => (
                  <TableRow key={field}>
                    <TableCell>
                      <Code>{field}</Code>
                    </TableCell>
                    <TableCell>
                      {REQUIRED_FIELDS.has(field) ? t('docs.fields.yes') : t('docs.fields.no')}
                    </TableCell>
                    <TableCell>{t(`docs.fields.${field}`)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Section>
        <Section title={t('docs.examples')}>
          <Typography variant="body2">{t('docs.textExample')}</Typography>
          <Code block>{examples.text}</Code>
          <Typography variant="body2">{t('docs.fileExample')}</Typography>
          <Code block>{examples.file}</Code>
        </Section>
        <Section title={t('docs.answers.title')}>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {ANSWER_STATUSES.map((status) => (
              <Typography key={status} component="li" variant="body2" sx={{ mb: 0.5 }}>
                <Code>{status}</Code> {t(`docs.answers.${status}`)}
              </Typography>
            ))}
          </Box>
        </Section>
        {origin && (
          <Link href={openapiUrl(origin)} target="_blank" rel="noopener" variant="body2">
            {t('docs.openapi')}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
