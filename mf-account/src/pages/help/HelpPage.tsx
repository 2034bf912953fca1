import { useIntl } from 'react-intl';
import { usePageState, useShell } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import { CustomerService, GeneralInstructions, SmsLoginQuestions } from './content.fi';
import styles from './HelpPage.module.css';

/**
 * account.help (ohjeita in every language; spec part 2 §2.2, §6): Finnish content on every language's
 * page (a note says so on the Swedish and English pages): general patient instructions on the adult
 * brand only, the SMS login FAQ only with the mfa feature, and the customer service phone as a link.
 */
export function HelpPage() {
  const intl = useIntl();
  const { lang, config } = useShell();
  const { page, retry } = usePageState('account.help');
  return (
    <StatePage title={intl.formatMessage({ id: 'account.help.title' })} page={page} retry={retry}>
      {(state) => (
        <>
          {lang !== 'fi' && <p className="portal-mb-m portal-muted">{intl.formatMessage({ id: 'account.help.inFinnish' })}</p>}
          <div lang="fi" className={`${styles.content} portal-prose`}>
            {state.showGeneralInstructions && <GeneralInstructions cancellationHours={config.cancellationHours} />}
            {state.smsLoginFaq && <SmsLoginQuestions faq={state.smsLoginFaq} />}
            <CustomerService phone={state.customerServicePhone} />
          </div>
        </>
      )}
    </StatePage>
  );
}
