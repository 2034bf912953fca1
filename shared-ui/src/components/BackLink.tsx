import type { ReactNode } from 'react';
import type { RouteId } from '@portal/shared-i18n';
import { ShellLink } from '../remote/ShellLink';
import './BackLink.css';

/** The "← back to the list" link above a detail page's heading (not printed). */
export function BackLink({ routeId, params, children }: { routeId: RouteId; params?: Record<string, string>; children: ReactNode }) {
  return (
    <p className="portal-back-link">
      <ShellLink routeId={routeId} {...(params ? { params } : {})} className="portal-back-link__link">
        <span aria-hidden="true">← </span>
        {children}
      </ShellLink>
    </p>
  );
}
