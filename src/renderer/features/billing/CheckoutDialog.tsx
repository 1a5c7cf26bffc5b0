import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type CheckoutPayer,
  type CheckoutPlan,
  CUSTOM_PLAN_BASE,
  checkoutPayer,
  checkoutPlan,
  customPlanPrice,
  type Invoice,
  type PixChargeAnswer,
} from '../../../shared/api/invoices';
import { ApiError } from '../../../shared/bridge';
import { formatBrl } from '../../../shared/money';
import { events } from '../../../shared/realtime';
import { useRealtimeEvent } from '../../app/realtime';
import { useCurrentUser, useSession } from '../../app/session';
import { formatDueDate } from '../../app/subscription';
import { translateValidation } from '../../ui/error-message';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useChargeStatus, useCheckoutPlans, useSubscribe } from './useInvoices';

/** 2-administration §9: after the payment is confirmed, back to / after 4 seconds. */
export const CHECKOUT_REDIRECT_MS = 4000;

const STEPS = ['payer', 'plan', 'review'] as const;

interface CheckoutDialogProps {
  invoice: Invoice;
  onClose(): void;
}

/**
 * The checkout of 2-administration §2.9 and §4.3: Dados (payer), Personalizar (plan), Revisar, then the Pix
 * view, which waits for the payment (the company's payment event, or asking while no socket is allowed).
 */
export function CheckoutDialog({ invoice, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation('billing');
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<CheckoutPlan>({
    kind: 'custom',
    users: invoice.users,
    connections: invoice.connections,
  });
  const [pix, setPix] = useState<PixChargeAnswer | undefined>(undefined);
  const [notConfigured, setNotConfigured] = useState(false);
  const form = useForm<CheckoutPayer>({
    resolver: zodResolver(checkoutPayer, undefined, { raw: true }),
    defaultValues: {
      firstName: '',
      lastName: '',
      zipcode: '',
      address2: '',
      city: '',
      state: '',
      country: 'Brasil',
    },
  });
  const subscribe = useSubscribe();
  const plans = useCheckoutPlans();
  const planValid = checkoutPlan.safeParse(plan).success;

  const next = async () => {
    if (step === 0 && !(await form.trigger())) return;
    if (step === 1 && !planValid) return;
    setStep(step + 1);
  };
  const pay = form.handleSubmit((payer) =>
    subscribe.mutate(
      { ...payer, plan, invoiceId: invoice.id },
      {
        onSuccess: (answer) => {
          toast.success(t('checkout.created'));
          setPix(answer);
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            (error.body as { error?: string })?.error === 'ERR_BILLING_NOT_CONFIGURED'
          ) {
            setNotConfigured(true);
          } else toastError(error);
        },
      },
    ),
  );

  if (pix) return <PixView pix={pix} onClose={onClose} />;
  const price = priceOf(plan, plans.data ?? []);
  return (
    <TitledDialog open title={t('checkout.title')} onClose={onClose} maxWidth="sm">
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{t(`checkout.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void next();
            }}
          >
            <FormTextField
              control={form.control}
              name="firstName"
              label={t('checkout.firstName')}
              required
              autoFocus
            />
            <FormTextField control={form.control} name="lastName" label={t('checkout.lastName')} />
            <FormTextField
              control={form.control}
              name="zipcode"
              label={t('checkout.zipcode')}
              required
              inputMode="numeric"
            />
            <FormTextField control={form.control} name="address2" label={t('checkout.address2')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={form.control} name="city" label={t('checkout.city')} />
              <FormTextField control={form.control} name="state" label={t('checkout.state')} />
              <FormTextField control={form.control} name="country" label={t('checkout.country')} />
            </Stack>
            <button type="submit" hidden />
          </Stack>
        )}
        {step === 1 && <PlanStep plan={plan} onChange={setPlan} plans={plans.data ?? []} />}
        {step === 2 && (
          <Stack spacing={1}>
            <Typography variant="subtitle1">{t('checkout.review')}</Typography>
            <Summary
              label={t('checkout.payer')}
              value={[form.getValues('firstName'), form.getValues('lastName')].filter(Boolean).join(' ')}
            />
            <Summary label={t('checkout.document')} value={form.getValues('zipcode')} />
            <Summary label={t('checkout.plan')} value={planLabel(plan, plans.data ?? [], t)} />
            <Summary label={t('checkout.total')} value={price === undefined ? '' : formatBrl(price)} />
            {notConfigured && (
              <Alert severity="warning" role="alert">
                {t('checkout.notConfigured')}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={step === 0 ? onClose : () => setStep(step - 1)}>
          {step === 0 ? t('checkout.cancel') : t('checkout.back')}
        </Button>
        {step < 2 ? (
          <Button variant="contained" onClick={() => void next()} disabled={step === 1 && !planValid}>
            {t('checkout.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void pay()}
            disabled={subscribe.isPending || notConfigured}
          >
            {t('checkout.pay')}
          </Button>
        )}
      </DialogActions>
    </TitledDialog>
  );
}

type PublicPlan = { id: number; name: string; users: number; connections: number; amount: string };

function priceOf(plan: CheckoutPlan, plans: PublicPlan[]) {
  if (plan.kind === 'custom')
    return checkoutPlan.safeParse(plan).success ? customPlanPrice(plan.users, plan.connections) : undefined;
  return plans.find((p) => p.id === plan.planId)?.amount;
}

function planLabel(plan: CheckoutPlan, plans: PublicPlan[], t: TFunction<'billing'>) {
  if (plan.kind === 'custom') {
    return `${t('checkout.customPlan')}: ${t('checkout.planSummary', { users: plan.users, connections: plan.connections })}`;
  }
  const chosen = plans.find((p) => p.id === plan.planId);
  return chosen ? `${chosen.name}: ${t('checkout.planSummary', chosen)}` : '';
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}

/** Step Personalizar: a public plan, or the custom plan of at least 3 users and 3 connections. */
function PlanStep({
  plan,
  onChange,
  plans,
}: {
  plan: CheckoutPlan;
  onChange(plan: CheckoutPlan): void;
  plans: PublicPlan[];
}) {
  const { t } = useTranslation('billing');
  const custom = plan.kind === 'custom' ? plan : undefined;
  const [counts, setCounts] = useState({
    users: custom?.users ?? CUSTOM_PLAN_BASE.users,
    connections: custom?.connections ?? CUSTOM_PLAN_BASE.connections,
  });
  const value = plan.kind === 'custom' ? 'custom' : String(plan.planId);
  const choose = (chosen: string) =>
    onChange(chosen === 'custom' ? { kind: 'custom', ...counts } : { kind: 'plan', planId: Number(chosen) });
  const setCount = (field: 'users' | 'connections', text: string) => {
    const next = { ...counts, [field]: Number.parseInt(text, 10) || 0 };
    setCounts(next);
    onChange({ kind: 'custom', ...next });
  };
  const issue = (field: 'users' | 'connections') => {
    if (!custom) return undefined;
    const result = checkoutPlan.safeParse(custom);
    const message = result.error?.issues.find((i) => i.path[0] === field)?.message;
    return translateValidation(message, (key) => t(key));
  };
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label={t('checkout.choosePlan')}
        value={value}
        onChange={(e) => choose(e.target.value)}
      >
        {plans.map((p) => (
          <FormControlLabel
            key={p.id}
            value={String(p.id)}
            control={<Radio />}
            label={t('checkout.platformPlan', { ...p, price: formatBrl(p.amount) })}
          />
        ))}
        <FormControlLabel value="custom" control={<Radio />} label={t('checkout.customPlan')} />
      </RadioGroup>
      {custom && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('checkout.customHint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['users', 'connections'] as const).map((field) => (
              <TextField
                key={field}
                type="number"
                label={t(`checkout.${field}`)}
                value={counts[field]}
                onChange={(e) => setCount(field, e.target.value)}
                error={issue(field) !== undefined}
                helperText={issue(field)}
                slotProps={{ htmlInput: { min: 3 } }}
                fullWidth
              />
            ))}
          </Stack>
          <Typography variant="h6">
            {formatBrl(customPlanPrice(Math.max(counts.users, 3), Math.max(counts.connections, 3)))}
          </Typography>
        </>
      )}
    </Stack>
  );
}

/** The Pix: QR code, copy-and-paste code and amount; then the renewal, and home after 4 s. */
function PixView({ pix, onClose }: { pix: PixChargeAnswer; onClose(): void }) {
  const { t, i18n } = useTranslation('billing');
  const user = useCurrentUser();
  const updateUser = useSession((state) => state.updateUser);
  const navigate = useNavigate();
  const [image, setImage] = useState<string | undefined>(undefined);
  const [paidUntil, setPaidUntil] = useState<string | undefined>(undefined);
  const status = useChargeStatus(paidUntil ? undefined : pix.txid);
  const amount = formatBrl(pix.valor.original);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(pix.qrcode.qrcode, { margin: 1, width: 240 })
      .then((url) => live && setImage(url))
      .catch(toastError);
    return () => {
      live = false;
    };
  }, [pix.qrcode.qrcode]);

  const confirmed = (dueDate: string | null) => {
    if (paidUntil !== undefined || !dueDate) return;
    setPaidUntil(dueDate);
    toast.success(t('checkout.renewed', { date: formatDueDate(dueDate, i18n.language) }));
  };
  useRealtimeEvent(events.payment(user.companyId), (event) => confirmed(event.company.dueDate));
  useEffect(() => {
    if (status.data?.status === 'CONCLUIDA') confirmed(status.data.dueDate);
  });
  useEffect(() => {
    if (paidUntil === undefined) return;
    // The session learns the new due date only now: the overdue screen would otherwise leave at once.
    const timer = setTimeout(() => {
      updateUser({ company: { ...user.company, dueDate: paidUntil } });
      navigate('/', { replace: true });
    }, CHECKOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paidUntil, navigate, updateUser, user.company]);

  const copy = () =>
    navigator.clipboard
      .writeText(pix.qrcode.qrcode)
      .then(() => toast.success(t('checkout.copied')))
      .catch(toastError);

  return (
    <TitledDialog open title={t('checkout.pixTitle')} onClose={onClose} maxWidth="xs">
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="p" data-testid="pix-amount">
            {amount}
          </Typography>
          <Box
            sx={{ width: 240, height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            {image ? (
              <img src={image} width={240} height={240} alt={t('checkout.qrAlt', { amount })} />
            ) : (
              <CircularProgress />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('checkout.pixHelp')}
          </Typography>
          <TextField
            label={t('checkout.copyCode')}
            value={pix.qrcode.qrcode}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton onClick={() => void copy()} aria-label={t('checkout.copy')} edge="end">
                      <ContentCopy />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {paidUntil ? (
            <Alert severity="success" role="status" sx={{ width: '100%' }}>
              {t('checkout.renewed', { date: formatDueDate(paidUntil, i18n.language) })}
            </Alert>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} />
              <Typography variant="body2">{t('checkout.waiting')}</Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('checkout.close')}</Button>
      </DialogActions>
    </TitledDialog>
  );
}
