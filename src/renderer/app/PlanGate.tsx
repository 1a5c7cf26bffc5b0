import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PlanFlag } from '../../shared/api/plans';
import { planAllows } from '../../shared/permissions';
import { toast } from '../ui/toast';
import { useCurrentUser } from './session';

/** 2-administration §8: the access-denied text shows, then the user goes to / after 1 second. */
const REDIRECT_AFTER_MS = 1000;

/** Renders a screen only when the company's plan includes its module (flag absent: always). */
export function PlanGate({ flag, children }: { flag?: PlanFlag; children: ReactNode }) {
  const plan = useCurrentUser().company.plan;
  const allowed = flag === undefined || planAllows(plan, flag);
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (allowed) return;
    toast.error(t('shell:planDenied'));
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? children : null;
}
