import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { i18n } from '../app/i18n';
import { errorMessage } from './error-message';

/** 1-attendance §8: application-level toasts close after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

interface ToastAction {
  label: string;
  run(): void;
}

interface Toast {
  id: number;
  severity: AlertColor;
  message: string;
  action?: ToastAction | undefined;
}

interface ToastState {
  toasts: Toast[];
  push(severity: AlertColor, message: string, action?: ToastAction, durationMs?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;

const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  push(severity, message, action, durationMs = TOAST_DURATION_MS) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, severity, message, action }] });
    setTimeout(() => get().dismiss(id), durationMs);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

const push = (severity: AlertColor) => (message: string) => useToasts.getState().push(severity, message);

export const toast = {
  success: push('success'),
  error: push('error'),
  info: push('info'),
  warning: push('warning'),
  /** A success that can be taken back for `durationMs`: the toast's button runs `undo` once and closes it. */
  undoable(message: string, undo: () => void, durationMs: number) {
    useToasts
      .getState()
      .push('success', message, { label: i18n.t('common:actions.undo'), run: undo }, durationMs);
  },
};

/** Shows a failed call by the rule of 1-attendance §8 (known code translated, raw text as is, else generic). */
export function toastError(error: unknown) {
  toast.error(errorMessage(error, (key) => i18n.t(key)));
}

/** Rendered once by the app providers: the toasts, top centre. */
export function ToastHost() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const { t } = useTranslation();
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(480px, calc(100vw - 32px))',
        pointerEvents: 'none',
      }}
    >
      {toasts.map((item) => (
        <Alert
          key={item.id}
          severity={item.severity}
          variant="filled"
          onClose={() => dismiss(item.id)}
          closeText={t('common:actions.close')}
          action={
            item.action && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  dismiss(item.id);
                  item.action?.run();
                }}
              >
                {item.action.label}
              </Button>
            )
          }
          sx={{ pointerEvents: 'auto', boxShadow: 3 }}
        >
          {item.message}
        </Alert>
      ))}
    </Stack>
  );
}
