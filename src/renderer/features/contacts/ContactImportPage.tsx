import ArrowBack from '@mui/icons-material/ArrowBack';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type DragEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../shared/api';
import {
  IMPORT_FIELDS,
  IMPORT_ROWS_PER_REQUEST,
  type ImportResult,
  type UploadedSheet,
} from '../../../shared/api/contacts';
import { guessMapping } from '../../../shared/contact-sheet';
import { useBridge } from '../../bridge/context';
import { errorMessage } from '../../ui/error-message';
import { toast, toastError } from '../../ui/toast';
import { VirtualRows } from '../../ui/VirtualRows';
import {
  addResult,
  chunk,
  columnLetter,
  emptyResult,
  importProblem,
  type MappingChoice,
  toMapping,
} from './import-plan';
import { contactsKeys } from './useContacts';

const ROW_PX = 40;
/** Reasons listed under the result; the counts cover them all. */
const REASONS_SHOWN = 200;

interface LoadedSheet extends UploadedSheet {
  fileName: string;
}

type Progress = { done: number; total: number };

/** Route /contacts/import (1-attendance §2): drop a file, map columns, pick rows, import, see the counts. */
export default function ContactImportPage() {
  const { t } = useTranslation('contacts');
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState<LoadedSheet | null>(null);
  const [reading, setReading] = useState(false);
  const [choice, setChoice] = useState<MappingChoice>({ name: null, number: null, email: null, tags: null });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const read = async (file: File) => {
    setReading(true);
    setResult(null);
    try {
      const uploaded = await bridge.request(api.contacts.upload, {
        body: {},
        files: [{ field: 'file', name: file.name, type: file.type, data: file }],
      });
      const guessed = guessMapping(uploaded.columns);
      setChoice({
        name: guessed.name ?? null,
        number: guessed.number ?? null,
        email: guessed.email ?? null,
        tags: guessed.tags ?? null,
      });
      setSelected(new Set(uploaded.rows.map((row) => row.line)));
      setSheet({ ...uploaded, fileName: file.name });
    } catch (error) {
      toastError(error);
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    if (!sheet) return;
    const problem = importProblem(choice, selected.size);
    if (problem) {
      toast.error(t(`import.${problem}`));
      return;
    }
    const rows = sheet.rows.filter((row) => selected.has(row.line));
    const mapping = toMapping(choice);
    let total = emptyResult();
    setProgress({ done: 0, total: rows.length });
    try {
      for (const part of chunk(rows, IMPORT_ROWS_PER_REQUEST)) {
        const answer = await bridge.request(api.contacts.import, { body: { mapping, rows: part } });
        total = addResult(total, answer);
        setProgress((current) => current && { ...current, done: current.done + part.length });
      }
    } catch (error) {
      toastError(error);
    } finally {
      setResult(total);
      setProgress(null);
      // An import may have created tags too.
      await queryClient.invalidateQueries({ queryKey: contactsKeys.lists });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={RouterLink} to="/contacts" startIcon={<ArrowBack />}>
          {t('import.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {t('import.title')}
        </Typography>
      </Stack>

      {sheet === null ? (
        <DropZone reading={reading} onFile={read} />
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ flexGrow: 1 }}>
              {t('import.file', { name: sheet.fileName, count: sheet.rows.length })}
            </Typography>
            <Button onClick={() => setSheet(null)} disabled={progress !== null}>
              {t('import.another')}
            </Button>
          </Stack>
          <MappingFields columns={sheet.columns} choice={choice} onChange={setChoice} />
          {progress ? (
            <Box>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('import.progress', { done: progress.done, total: progress.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(progress.done / progress.total) * 100}
                aria-label={t('import.progressLabel')}
              />
            </Box>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {t('import.selected', { count: selected.size, total: sheet.rows.length })}
              </Typography>
              <Button variant="contained" onClick={start}>
                {t('import.start', { count: selected.size })}
              </Button>
            </Stack>
          )}
          {result && <ImportReport result={result} />}
          <RowPicker sheet={sheet} choice={choice} selected={selected} onChange={setSelected} />
        </>
      )}
    </Box>
  );
}

function DropZone({ reading, onFile }: { reading: boolean; onFile(file: File): void }) {
  const { t } = useTranslation('contacts');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Paper
      variant="outlined"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        p: 6,
        textAlign: 'center',
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'primary.main' : 'divider',
      }}
    >
      {reading ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label={t('import.reading')} />
          <Typography>{t('import.reading')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <UploadFile sx={{ fontSize: 48 }} color="action" />
          <Button variant="contained" onClick={() => input.current?.click()}>
            {t('import.drop')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="contacts-import-file"
            accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </Stack>
      )}
    </Paper>
  );
}

function MappingFields({
  columns,
  choice,
  onChange,
}: {
  columns: string[];
  choice: MappingChoice;
  onChange(choice: MappingChoice): void;
}) {
  const { t } = useTranslation('contacts');
  const labelOf = (index: number) => columns[index] || t('import.column', { letter: columnLetter(index) });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('import.mapping')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {IMPORT_FIELDS.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            fullWidth
            required={field === 'name' || field === 'number'}
            label={t(`import.fields.${field}`)}
            value={choice[field] ?? ''}
            onChange={(event) =>
              onChange({ ...choice, [field]: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <MenuItem value="">{t('import.none')}</MenuItem>
            {columns.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
              <MenuItem key={index} value={index}>
                {labelOf(index)}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
    </Box>
  );
}

function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation('contacts');
  const count = (key: 'created' | 'updated' | 'invalid', value: number) => (
    <Box data-testid={`import-${key}`}>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography color="text.secondary">{t(`import.result.${key}`)}</Typography>
    </Box>
  );
  const shown = result.invalid.slice(0, REASONS_SHOWN);
  return (
    <Alert severity={result.invalid.length ? 'warning' : 'success'} role="status">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('import.result.title')}
      </Typography>
      <Stack direction="row" spacing={4}>
        {count('created', result.created)}
        {count('updated', result.updated)}
        {count('invalid', result.invalid.length)}
      </Stack>
      {shown.length > 0 && (
        <Box sx={{ mt: 1, maxHeight: 160, overflowY: 'auto' }}>
          <Typography variant="subtitle2">{t('import.result.reasons')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {shown.map((row) => (
              <li key={`${row.line}-${row.field}`}>
                {t('import.result.reason', {
                  line: row.line,
                  field: t(`import.fields.${row.field}`),
                  reason: errorMessage({ error: row.reason }, t),
                })}
              </li>
            ))}
          </Box>
          {result.invalid.length > shown.length && (
            <Typography variant="body2">
              {t('import.result.more', { count: result.invalid.length - shown.length })}
            </Typography>
          )}
        </Box>
      )}
    </Alert>
  );
}

function RowPicker({
  sheet,
  choice,
  selected,
  onChange,
}: {
  sheet: UploadedSheet;
  choice: MappingChoice;
  selected: Set<number>;
  onChange(selected: Set<number>): void;
}) {
  const { t } = useTranslation('contacts');
  const scroller = useRef<HTMLDivElement>(null);
  const headerId = useId();
  const { rows } = sheet;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
  });
  const shownFields = useMemo(() => IMPORT_FIELDS.filter((f) => choice[f] !== null), [choice]);
  const template = `56px 72px repeat(${Math.max(shownFields.length, 1)}, minmax(120px, 1fr))`;
  const all = selected.size === rows.length && rows.length > 0;
  const toggle = (line: number) => {
    const next = new Set(selected);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    onChange(next);
  };
  const cell = (children: ReactNode, key?: string) => (
    <Typography key={key} role="cell" noWrap variant="body2" sx={{ px: 1 }}>
      {children}
    </Typography>
  );
  return (
    <Paper
      variant="outlined"
      role="table"
      aria-labelledby={headerId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 200, overflow: 'hidden' }}
    >
      <Box
        role="row"
        id={headerId}
        sx={{
          display: 'grid',
          gridTemplateColumns: template,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box role="columnheader">
          <Checkbox
            checked={all}
            indeterminate={selected.size > 0 && !all}
            onChange={() => onChange(all ? new Set() : new Set(rows.map((row) => row.line)))}
            slotProps={{ input: { 'aria-label': t('import.selectAll') } }}
          />
        </Box>
        <Typography role="columnheader" variant="subtitle2" sx={{ px: 1 }}>
          {t('import.line')}
        </Typography>
        {shownFields.map((field) => (
          <Typography key={field} role="columnheader" variant="subtitle2" sx={{ px: 1 }}>
            {t(`import.fields.${field}`)}
          </Typography>
        ))}
      </Box>
      <Box ref={scroller} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}>
        <VirtualRows
          virtualizer={virtualizer}
          role="rowgroup"
          renderRow={(index) => {
            const row = rows[index];
            return (
              <Box
                role="row"
                sx={{ display: 'grid', gridTemplateColumns: template, alignItems: 'center', height: ROW_PX }}
              >
                <Box role="cell">
                  <Checkbox
                    size="small"
                    checked={selected.has(row.line)}
                    onChange={() => toggle(row.line)}
                    slotProps={{ input: { 'aria-label': t('import.selectRow', { line: row.line }) } }}
                  />
                </Box>
                {cell(row.line)}
                {shownFields.map((field) => cell(row.cells[choice[field] ?? 0] ?? '', field))}
              </Box>
            );
          }}
        />
      </Box>
    </Paper>
  );
}
