import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificatesPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { CertificatesPage } from './CertificatesPage';

const certificatesState: CertificatesPageState = {
  certificates: [
    {
      id: '2',
      type: 'medicalCertificateA',
      issuedDate: '2026-05-10',
      validFrom: '2026-05-10',
      validUntil: '2026-05-14',
      practitionerName: 'Anna Lahtinen',
      practitionerTitle: 'Yleislääkäri',
      practitionerPictureUrl: null,
    },
    {
      id: '1',
      type: 'nurse',
      issuedDate: '2025-01-07',
      validFrom: null,
      validUntil: null,
      practitionerName: 'Kaisa Salo',
      practitionerTitle: null,
      practitionerPictureUrl: null,
    },
  ],
};

describe('certificates page', () => {
  test('loads its state, then shows the sick-leave certificates as a timeline', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.certificates', certificatesState));
    renderWithShell(<CertificatesPage />, shell);
    expect(screen.getByRole('heading', { level: 1, name: 'Certificates' })).toHaveFocus();
    expect(shell.loadPage).toHaveBeenCalledWith('records.certificates', {}, expect.any(AbortSignal));
    const list = await screen.findByRole('list', { name: 'Certificates' });
    const [medical, nurse] = within(list).getAllByRole('listitem');
    expect(medical).toHaveTextContent('Medical certificate A');
    expect(medical).toHaveTextContent('Anna Lahtinen, Yleislääkäri');
    expect(medical).toHaveTextContent('Sick leave 10 May 2026 – 14 May 2026');
    expect(medical).toHaveTextContent('Issued 10 May 2026');
    expect(within(medical as HTMLElement).getByTestId('avatar-initials')).toHaveTextContent('AL');
    expect(nurse).toHaveTextContent("Nurse's sick-leave certificate");
    expect(nurse).toHaveTextContent('Kaisa Salo');
    expect(nurse).not.toHaveTextContent('Sick leave');
    expect(screen.getByText('Sick-leave certificates issued from 1 January 2022 onwards.')).toBeInTheDocument();
  });

  test('in Finnish and Swedish', () => {
    for (const [lang, type, intro] of [
      ['fi', 'Lääkärintodistus A', 'Sairauslomatodistukset 1.1.2022 alkaen.'],
      ['sv', 'Läkarintyg A', 'Sjukintyg från och med 1.1.2022.'],
    ] as const) {
      const shell = createFakeShell({ lang });
      shell.takeInitialPageState.mockReturnValue(pageState('records.certificates', certificatesState));
      const { unmount } = renderWithShell(<CertificatesPage />, shell);
      expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(type);
      expect(screen.getByText(intro)).toBeInTheDocument();
      unmount();
    }
  });

  test('the empty state', () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.certificates', { certificates: [] }));
    renderWithShell(<CertificatesPage />, shell);
    expect(screen.getByText('Sinulla ei ole sairauslomatodistuksia.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('an error offers a retry; a state of another shape is an error', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.certificates', { certificates: [{ id: 1, type: 'sickNote' }] })).mockResolvedValueOnce(pageState('records.certificates', certificatesState));
    renderWithShell(<CertificatesPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Certificates' })).toBeInTheDocument();
  });
});
