import type { Brand, ChatPromotion } from '@portal/shared-api';
import type { FrontPageConfig } from './config';

/**
 * The chat promotion of the front page (spec part 2 §2.4), decided here and never by the browser:
 * the contract's product ids name the services the employer pays for. One card, the most specific
 * service the contract includes: the doctor chat (it answers the most without a visit), else the
 * nurse chat, else the phone service. Occupational health care is the adult brand's, so the
 * children's brand promotes nothing; no contract (null) or none of the products: nothing either.
 */
export function chatPromotionOf(
  brand: Brand,
  contractProductIds: readonly string[] | null,
  config: FrontPageConfig['chatPromotion'],
  customerServicePhone: string,
): ChatPromotion | undefined {
  if (brand !== 'adult' || !contractProductIds) return undefined;
  const includes = (productIds: readonly string[]) => contractProductIds.some((id) => productIds.includes(id));
  if (includes(config.doctorChat.productIds)) return { kind: 'doctor-chat', url: config.doctorChat.url };
  if (includes(config.nurseChat.productIds)) return { kind: 'nurse-chat', url: config.nurseChat.url };
  if (includes(config.phoneService.productIds)) {
    return { kind: 'phone-service', phone: config.phoneService.phone ?? customerServicePhone, hours: config.phoneService.hours };
  }
  return undefined;
}
