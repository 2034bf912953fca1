import { useIntl } from 'react-intl';
import { encodeSaveAction, SAVE_ACTION_PARAM } from '@portal/shared-api';
import { Alert, LinkButton, useShell } from '@portal/shared-ui';

/**
 * Spec part 2 §2.3, §8 "e-mail required before paying online": the provider sends its receipt by
 * e-mail, so without a valid address the patient is sent to My information's contact details with a
 * saveAction (§2.2) that brings them back to this invoice's payment page once saved.
 */
export function EmailRequiredNotice({ invoiceNumber }: { invoiceNumber: string }) {
  const intl = useIntl();
  const shell = useShell();
  const t = (id: string) => intl.formatMessage({ id: `payments.pay.emailRequired.${id}` });
  const here = shell.href('payments.pay', { id: invoiceNumber });
  const contactDetailsHref = shell.hasRoute('account.my-information')
    ? `${shell.href('account.my-information')}?${new URLSearchParams({ [SAVE_ACTION_PARAM]: encodeSaveAction({ type: 'invoice-payment', path: here }) }).toString()}`
    : null;
  return (
    <Alert variant="warning" announce={false} title={t('title')}>
      <p className="portal-mb-s portal-last-mb0">{t('text')}</p>
      {contactDetailsHref && (
        <LinkButton href={contactDetailsHref} onNavigate={shell.navigate}>
          {t('link')}
        </LinkButton>
      )}
    </Alert>
  );
}
