export interface SmsMessage {
  /** spaces removed */
  phoneNumber: string;
  text: string;
}

/**
 * The SMS gateway adapter (external systems sit behind adapters, with test doubles in the demo:
 * README.md, "Demo personas"). Only the outbox double exists today: server/src/demo/sms-outbox/.
 */
export interface SmsGateway {
  send(message: SmsMessage): Promise<void>;
}
