import { useId } from 'react';
import { useIntl } from 'react-intl';
import { ACTING_GUARDIAN, Button, LinkButton, useSignInHref } from '@portal/shared-ui';
import styles from '../reservation/ReservationPage.module.css';

/**
 * The children's brand's first step of an anonymous reservation (spec part 2 §4 "Anonymous
 * reservation": the login choice, hpa or ordinary, is pending first). hpa is the guardian's login
 * (`acting=guardian`, as on the children's landing): the guardian identifies strongly and books in
 * the child's name on the signed-in page of this slot. Ordinary goes on with this page's own way:
 * the identity-code form, or strong login where the slot needs it.
 */
export function LoginChoice({ loggedInPath, onOrdinary }: { loggedInPath: string; onOrdinary(): void }) {
  const intl = useIntl();
  const id = useId();
  const guardianHref = useSignInHref({ next: loggedInPath, acting: ACTING_GUARDIAN });
  const t = (key: string) => intl.formatMessage({ id: `booking.anonymousReservation.choice.${key}` });
  return (
    <section className="portal-vstack-xl" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <ul className={`${styles.choices} portal-plain-list portal-grid-m`}>
        <li>
          <p id={`${id}-child`}>{t('child.text')}</p>
          {/* a full page load: the login leaves the portal for the identity provider */}
          <LinkButton href={guardianHref} aria-describedby={`${id}-child`}>
            {t('child.action')}
          </LinkButton>
        </li>
        <li>
          <p id={`${id}-own`}>{t('own.text')}</p>
          <Button variant="secondary" onClick={onOrdinary} aria-describedby={`${id}-own`}>
            {t('own.action')}
          </Button>
        </li>
      </ul>
    </section>
  );
}
