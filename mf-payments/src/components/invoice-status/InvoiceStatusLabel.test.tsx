import { screen } from '@testing-library/react';
import { invoiceStatuses, type InvoiceStatus, type Lang } from '@portal/shared-api';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { InvoiceStatusLabel } from './InvoiceStatusLabel';

const LABELS: Record<Lang, Record<InvoiceStatus, string>> = {
  en: {
    open: 'Open',
    overdue: 'Overdue',
    paper: 'Paper invoice',
    paid: 'Paid',
    refunded: 'Refunded',
    refundInProgress: 'Refund in progress',
    notAvailable: 'Not available',
  },
  fi: {
    open: 'Avoin',
    overdue: 'Erääntynyt',
    paper: 'Paperilasku',
    paid: 'Maksettu',
    refunded: 'Hyvitetty',
    refundInProgress: 'Hyvitys käsittelyssä',
    notAvailable: 'Ei saatavilla',
  },
  sv: {
    open: 'Öppen',
    overdue: 'Förfallen',
    paper: 'Pappersfaktura',
    paid: 'Betald',
    refunded: 'Återbetald',
    refundInProgress: 'Återbetalning pågår',
    notAvailable: 'Inte tillgänglig',
  },
};

describe('invoice status label (spec part 2 §4 "Labels")', () => {
  for (const lang of ['en', 'fi', 'sv'] as const) {
    test.each(invoiceStatuses.map((status) => [status]))(`${lang}: %s`, (status) => {
      renderWithShell(<InvoiceStatusLabel status={status} />, createFakeShell({ lang }));
      expect(screen.getByText(LABELS[lang][status])).toBeInTheDocument();
    });
  }
});
