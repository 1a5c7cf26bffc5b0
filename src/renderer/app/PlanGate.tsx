import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PlanFlag } from '../../shared/api/plans';
import { planAllows } from '../../shared/permissions';
import { toast } from '../ui/toast';
import { useCurrentUser } from './session';

/** 2-administration §8: the access-denied text shows, then the user goes to / after 1 second. */
const REDIRECT_AFTER_MS = 1000;

/**
 * Renders a screen only when the company's plan includes its module (flag absent: always) and, for the
 * super administrator's screens (2-administration §2.6), only for them.
 */
export function PlanGate({
  flag,
  superOnly = false,
  children,
}: {
  flag?: PlanFlag;
  superOnly?: boolean;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const allowed = (flag === undefined || planAllows(user.company.plan, flag)) && (!superOnly || user.super);
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
