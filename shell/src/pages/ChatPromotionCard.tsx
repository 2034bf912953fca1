import { FormattedMessage } from 'react-intl';
import type { ChatPromotion } from '@portal/shared-api';
import { telHref } from '../layout/Footer';

/**
 * A fixed id, not useId(): the server's pre-rendered front page and the shell's first render must be
 * the same markup (prerender.test.tsx), and the page has one card at most.
 */
const HEADING_ID = 'shell-chat-promotion-heading';

const TEXTS = {
  'doctor-chat': { heading: 'shell.front.chatPromotion.doctorChat.heading', text: 'shell.front.chatPromotion.doctorChat.text' },
  'nurse-chat': { heading: 'shell.front.chatPromotion.nurseChat.heading', text: 'shell.front.chatPromotion.nurseChat.text' },
  'phone-service': { heading: 'shell.front.chatPromotion.phoneService.heading', text: 'shell.front.chatPromotion.phoneService.text' },
} as const satisfies Record<ChatPromotion['kind'], { heading: string; text: string }>;

const CHAT_ACTIONS = {
  'doctor-chat': 'shell.front.chatPromotion.doctorChat.action',
  'nurse-chat': 'shell.front.chatPromotion.nurseChat.action',
} as const;

/**
 * The occupational chat promotion (spec part 2 §2.4): which service, and where it is reached, come
 * from the server's front page state; this only words it. A chat is a link to its address, the
 * phone service a tel: link with its opening hours.
 */
export function ChatPromotionCard({ promotion }: { promotion: ChatPromotion }) {
  const texts = TEXTS[promotion.kind];
  return (
    <section className="portal-box portal-box--surface portal-mb-l" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="portal-mb-s portal-title-l">
        <FormattedMessage id={texts.heading} />
      </h2>
      <p className="portal-mb-s portal-last-mb0">
        <FormattedMessage id={texts.text} />
      </p>
      {promotion.kind === 'phone-service' ? (
        <>
          <p className="portal-mb-s portal-last-mb0">
            <a className="portal-text-link portal-bold" href={telHref(promotion.phone)}>
              <FormattedMessage id="shell.front.chatPromotion.phoneService.action" values={{ phone: promotion.phone }} />
            </a>
          </p>
          <p className="portal-mb-s portal-last-mb0 portal-muted">
            <FormattedMessage
              id="shell.front.chatPromotion.phoneService.hours"
              values={{
                weekdaysOpens: promotion.hours.weekdays.opens,
                weekdaysCloses: promotion.hours.weekdays.closes,
                weekendsOpens: promotion.hours.weekendsAndHolidays.opens,
                weekendsCloses: promotion.hours.weekendsAndHolidays.closes,
              }}
            />
          </p>
        </>
      ) : (
        <p className="portal-mb-s portal-last-mb0">
          <a className="portal-text-link portal-bold" href={promotion.url} rel="noopener noreferrer">
            <FormattedMessage id={CHAT_ACTIONS[promotion.kind]} />
          </a>
        </p>
      )}
    </section>
  );
}
