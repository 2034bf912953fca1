import { useIntl } from 'react-intl';
import { Alert, LinkButton, usePageState, useShell } from '@portal/shared-ui';
import { withQueryString } from '../../components/search-link/QueryLink';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import { SignInPrompt } from '../../components/search-page/SignInPrompt';
import styles from '../../components/search-page/SearchPageFrame.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/**
 * booking.occupational-vaccination (spec part 2 §6, §8 "Vaccination", feature ohc-appointment-search):
 * anonymous → sign in and come back here; no contract → the message with the customer service phone;
 * a contract with influenza vaccinations → the button to the occupational search of the vaccination
 * specialties; a contract without → 'Sorry!' and that vaccinations are not yet included.
 */
export function OccupationalVaccinationPage() {
  const intl = useIntl();
  const shell = useShell();
  const { page, retry } = usePageState('booking.occupational-vaccination');
  return (
    <SearchPageFrame title={intl.formatMessage({ id: 'booking.occupational.vaccination.title' })} page={page} retry={retry}>
      {(state) => {
        switch (state.status) {
          case 'unauthorized':
            return (
              <SignInPrompt text={intl.formatMessage({ id: 'booking.occupational.vaccination.signIn' })} />
            );
          case 'no-occupational-healthcare':
            return (
              <Alert variant="warning" announce={false}>
                {intl.formatMessage(
                  { id: 'booking.occupational.vaccination.noContract' },
                  { phone: <a href={telHref(state.customerServicePhone)}>{state.customerServicePhone}</a> },
                )}
              </Alert>
            );
          case 'ok': {
            if (!state.vaccinationsIncluded)
              return (
                <Alert variant="warning" announce={false} title={intl.formatMessage({ id: 'booking.occupational.vaccination.sorry' })}>
                  {intl.formatMessage({ id: 'booking.occupational.vaccination.notIncluded' })}
                </Alert>
              );
            const query = new URLSearchParams(state.specialtyIds.map((id) => ['specialtyIds', id]));
            const href = withQueryString(shell.href('booking.occupational-list'), query);
            return (
              <div className={`${styles.prompt} portal-grid-m`}>
                <p>{intl.formatMessage({ id: 'booking.occupational.vaccination.text' })}</p>
                <LinkButton href={href} onNavigate={shell.navigate}>
                  {intl.formatMessage({ id: 'booking.occupational.vaccination.book' })}
                </LinkButton>
              </div>
            );
          }
        }
      }}
    </SearchPageFrame>
  );
}
