import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageTemplate } from '../../../shared/api/graph';
import type { Ticket } from '../../../shared/api/tickets';
import { VALIDATION } from '../../../shared/errors';
import { fillTemplate, placeholdersOf } from '../../../shared/templates';
import { DialogForm } from '../../ui/DialogForm';
import { FormTextField } from '../../ui/FormFields';
import { QueryList } from '../../ui/QueryList';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast } from '../../ui/toast';
import { useSendTemplate, useTemplates } from './useMessages';

const values = z.array(z.string().trim().min(1, VALIDATION.required));
const templateValuesSchema = z.object({ header: values, body: values });
type TemplateValues = z.output<typeof templateValuesSchema>;

/** What the contact will read, with what is typed so far (placeholders still empty show as they are). */
const previewOf = (
  template: MessageTemplate,
  typed: { header?: (string | undefined)[]; body?: (string | undefined)[] },
) =>
  [
    template.header && fillTemplate(template.header, typed.header ?? []),
    fillTemplate(template.body, typed.body ?? []),
    template.footer,
  ]
    .filter(Boolean)
    .join('\n');

interface TemplatePickerDialogProps {
  ticket: Ticket;
  onClose(): void;
}

/**
 * The Cloud API's way back into a conversation after the 24 h window: an approved template of the
 * connection's business account, its placeholders filled in, sent as it will read.
 */
export function TemplatePickerDialog({ ticket, onClose }: TemplatePickerDialogProps) {
  const { t } = useTranslation('chat');
  const templates = useTemplates(ticket.whatsappId);
  const [chosen, setChosen] = useState<MessageTemplate | null>(null);
  return (
    <TitledDialog open title={t('templates.title')} onClose={onClose} maxWidth="sm">
      {chosen ? (
        <TemplateForm ticket={ticket} template={chosen} onBack={() => setChosen(null)} onClose={onClose} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ m: 2, p: 1 }}>
            <QueryList
              query={templates}
              label={t('templates.list')}
              loadingLabel={t('templates.loading')}
              errorText={t('templates.error')}
              emptyText={t('templates.empty')}
            >
              {(template) => (
                <ListItemButton
                  key={`${template.name}:${template.language}`}
                  onClick={() => setChosen(template)}
                >
                  <ListItemText
                    primary={`${template.name} (${template.language})`}
                    secondary={template.body}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              )}
            </QueryList>
            {templates.isError && (
              <Button size="small" onClick={() => void templates.refetch()}>
                {t('templates.retry')}
              </Button>
            )}
          </Paper>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', p: 1 }}>
            <Button color="inherit" onClick={onClose}>
              {t('templates.cancel')}
            </Button>
          </Stack>
        </>
      )}
    </TitledDialog>
  );
}

function TemplateForm({
  ticket,
  template,
  onBack,
  onClose,
}: {
  ticket: Ticket;
  template: MessageTemplate;
  onBack(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('chat');
  const send = useSendTemplate(ticket);
  const headerNames = placeholdersOf(template.header);
  const bodyNames = placeholdersOf(template.body);
  const { control, handleSubmit } = useForm<TemplateValues>({
    defaultValues: { header: headerNames.map(() => ''), body: bodyNames.map(() => '') },
    resolver: zodResolver(templateValuesSchema),
  });
  const typed = useWatch({ control });
  const submit = async (filled: TemplateValues) => {
    await send.mutateAsync({ name: template.name, language: template.language, ...filled });
    toast.success(t('templates.sent'));
    onClose();
  };
  return (
    <DialogForm
      onSubmit={handleSubmit((filled) => submit(filled).catch(() => undefined))}
      onCancel={onClose}
      submitLabel={t('templates.send')}
      saving={send.isPending}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button size="small" startIcon={<ArrowBack />} onClick={onBack}>
            {t('templates.back')}
          </Button>
          <Typography variant="subtitle1">{`${template.name} (${template.language})`}</Typography>
        </Stack>
        {headerNames.map((name, i) => (
          <FormTextField
            key={`header-${name}`}
            control={control}
            name={`header.${i}`}
            label={t('templates.header', { name })}
            autoFocus={i === 0}
          />
        ))}
        {bodyNames.map((name, i) => (
          <FormTextField
            key={`body-${name}`}
            control={control}
            name={`body.${i}`}
            label={t('templates.variable', { name })}
            autoFocus={headerNames.length === 0 && i === 0}
          />
        ))}
        <Typography variant="caption" color="text.secondary">
          {t('templates.preview')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: 'pre-wrap' }} aria-label={t('templates.preview')}>
          {previewOf(template, typed)}
        </Paper>
      </Stack>
    </DialogForm>
  );
}
